// Entry point of kubegate-language-server (dist/server.js). Transports: --stdio, --node-ipc, --socket=PORT
// (vscode-languageserver reads them from the command line). The same file runs the server's check thread
// (background-checks.ts), marked by its workerData.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { killExecPlugins } from '../cluster/exec-plugin';
import { setDataReader } from '../engine';
import { nodeDataReader } from '../host/data-files';
import { CHECK_THREAD } from './background-checks';
import { serveChecks } from './check-thread';
import { shutDown } from './handlers/lifecycle';
import { startServer } from './server';

function serverMain(): void {
  const transports = ['--stdio', '--node-ipc', '--socket', '--pipe', '--clientProcessId'];
  if (!process.argv.slice(2).some((a) => transports.some((t) => a === t || a.startsWith(`${t}=`)))) {
    process.stderr.write('Usage: kubegate-language-server --stdio | --node-ipc | --socket=PORT\n');
    process.exit(2);
  }

  process.on('uncaughtException', (e) => {
    process.stderr.write(`kubegate-language-server: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  });

  setDataReader(nodeDataReader());
  const connection = createConnection(ProposedFeatures.all);
  const session = startServer(connection);
  // Exec credential plugins still running end with the server (also on exit: cluster/exec-plugin.ts); the derived-
  // facts cache is kept under its size bound; the check thread stops.
  connection.onShutdown(() => {
    killExecPlugins();
    shutDown(session);
  });
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[CHECK_THREAD] === true) {
  setDataReader(nodeDataReader());
  serveChecks(parentPort);
} else serverMain();
