// The server's check thread (background-checks.ts starts it): each message is one check. The workspace is the one
// the main thread described (its folders and open buffers, the disk for the rest). What the thread built for a
// document (its workspace, project, context and the engine's open document) is kept while every input of the job
// but the document's own text is the same, `contextId` included (the main thread gives a new one whenever it
// rebuilds that document's context: settings, configs, files on disk, the cluster or folders changed). So an edit
// re-checks only the YAML documents that changed, as on the main thread, and nothing kept outlives what it read.
import type { MessagePort } from 'node:worker_threads';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocument, Project, type FileReport } from '../engine';
import { besideYamlExtension, documentContext, type DocumentContext } from './document-context';
import type { CheckJob, CheckReply } from './background-checks';
import { pathToUri, WorkspaceFiles } from './workspace';

/** What the thread keeps for one document between checks. */
interface KeptDocument {
  key: string;
  buffers: Map<string, TextDocument>;
  ctx: DocumentContext;
  open: OpenDocument;
  notes: string[];
}

/** Documents whose thread state is kept (the most recently checked first out when more arrive). */
const MAX_KEPT = 4;

/** The inputs of a job other than the document's text: equal keys may share what was built. */
function keyOf(job: CheckJob): string {
  const { text: _text, ...rest } = job;
  return JSON.stringify(rest);
}

function build(job: CheckJob, key: string): KeptDocument {
  const buffers = new Map<string, TextDocument>();
  for (const b of job.buffers) buffers.set(b.uri, TextDocument.create(b.uri, 'yaml', 0, b.text));
  buffers.set(pathToUri(job.file), TextDocument.create(pathToUri(job.file), 'yaml', 0, job.text));
  const ws = new WorkspaceFiles({ get: (uri) => buffers.get(uri), all: () => [...buffers.values()] });
  ws.setDiskAccess(job.disk);
  ws.folders.set(job.folders);
  const notes: string[] = [];
  const project = new Project(ws, { onNote: (m) => notes.push(m) });
  project.setFolders(ws.folders.list());
  const ctx = documentContext(job.file, job.settings, job.cluster, ws, project, job.clusterCrds);
  return { key, buffers, ctx, open: new OpenDocument(), notes };
}

function checkJob(job: CheckJob, kept: Map<string, KeptDocument>): { report: FileReport; notes: string[]; walks: number } {
  const key = keyOf(job);
  let doc = kept.get(job.file);
  if (doc?.key === key) {
    const uri = pathToUri(job.file);
    const before = doc.buffers.get(uri);
    // A new buffer version: what the project derived from this file's own text is read again.
    doc.buffers.set(uri, TextDocument.create(uri, 'yaml', (before?.version ?? 0) + 1, job.text));
    doc.notes.length = 0;
  } else {
    doc = build(job, key);
  }
  kept.delete(job.file);
  kept.set(job.file, doc);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  const walked = doc.open.walks;
  const report = doc.ctx.analysis.report(job.text, { maxChars: job.maxChars, severity: job.settings.severity }, doc.open);
  return { report: besideYamlExtension(report, job.yamlExtensionActive), notes: [...doc.notes], walks: doc.open.walks - walked };
}

export function serveChecks(port: MessagePort): void {
  const kept = new Map<string, KeptDocument>();
  port.on('message', (job: CheckJob) => {
    let reply: CheckReply;
    try {
      reply = checkJob(job, kept);
    } catch (e) {
      kept.delete(job.file);
      reply = { error: e instanceof Error ? e.stack ?? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}
