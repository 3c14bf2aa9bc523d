// Entry point of kubegate-language-server (dist/server.js). Transports: --stdio, --node-ipc, --socket=PORT
// (vscode-languageserver reads them from the command line).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { killExecPlugins } from '../cluster/exec-plugin';
import { setDataReader } from '../engine';
import { nodeDataReader } from '../host/data-files';
import { startServer } from './server';

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
// facts cache is kept under its size bound.
connection.onShutdown(() => {
  killExecPlugins();
  session.shutdown();
});
