// The server's check thread (background-checks.ts starts it): each message is one check. The workspace is the one
// the main thread described (its folders and open buffers, the disk for the rest), read afresh for each check, so
// nothing in the thread can go stale between checks.
import type { MessagePort } from 'node:worker_threads';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Project, type FileReport } from '../engine';
import { besideYamlExtension, documentContext } from './document-context';
import type { CheckJob, CheckReply } from './background-checks';
import { pathToUri, WorkspaceFiles } from './workspace';

function checkJob(job: CheckJob): { report: FileReport; notes: string[] } {
  const buffers = new Map<string, TextDocument>();
  for (const b of [...job.buffers, { uri: pathToUri(job.file), text: job.text }]) buffers.set(b.uri, TextDocument.create(b.uri, 'yaml', 0, b.text));
  const ws = new WorkspaceFiles({ get: (uri) => buffers.get(uri), all: () => [...buffers.values()] });
  ws.setDiskAccess(job.disk);
  ws.folders.set(job.folders);
  const notes: string[] = [];
  const project = new Project(ws, { onNote: (m) => notes.push(m) });
  project.setFolders(ws.folders.list());
  const ctx = documentContext(job.file, job.settings, job.cluster, ws, project, job.clusterCrds);
  const report = ctx.analysis.report(job.text, { maxChars: job.maxChars, severity: job.settings.severity });
  return { report: besideYamlExtension(report, job.yamlExtensionActive), notes };
}

export function serveChecks(port: MessagePort): void {
  port.on('message', (job: CheckJob) => {
    let reply: CheckReply;
    try {
      reply = checkJob(job);
    } catch (e) {
      reply = { error: e instanceof Error ? e.stack ?? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}
