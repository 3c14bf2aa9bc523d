// Checks of large documents in a thread of their own, off the path of keystrokes and requests: while one runs,
// edits, hovers, completion and every other request are answered by the main thread. One check runs at a time
// (the others wait their turn); a newer version of a document cancels its check: a waiting one leaves the queue, a
// running one is left to end and its answer dropped (the thread keeps what it built for the document, so the newer
// version's check re-checks only what changed: check-thread.ts). The thread checks the text under the same engine
// bounds as the CLI (size guard, nesting and node budget) and under a memory ceiling: a thread that dies is a
// check-failed finding, never a file that looks clean. What it is given is plain data.
import { Worker } from 'node:worker_threads';
import type { ClusterSnapshot } from '../cluster/types';
import type { KubegateSettings } from '../contract/settings';
import type { CrdDefinition, FileReport } from '../engine';

/** Documents of this many characters or more are checked in the thread (initializationOptions.backgroundCheckChars).
 *  Below it the first check on the main thread costs less than starting the thread and loading the engine there
 *  (npm run bench: a 219,000-character file's first diagnostics took about twice as long through the thread), and
 *  later edits are incremental either way. */
export const DEFAULT_BACKGROUND_CHARS = 500_000;

/** The workerData key that marks the server's check thread. */
export const CHECK_THREAD = 'kubegateCheckThread';

/** The thread's heap ceiling: an input that needs more ends the thread, and the document gets check-failed. */
const THREAD_HEAP_MB = 1536;

/** What the thread is given for one check: the document, the settings and cluster state it is checked under, and
 *  the workspace as the main thread sees it (folders, and the open buffers other files may read). */
export interface CheckJob {
  file: string;
  text: string;
  settings: KubegateSettings;
  cluster?: ClusterSnapshot;
  clusterCrds: CrdDefinition[];
  /** Workspace folder URIs. */
  folders: string[];
  disk: boolean;
  buffers: { uri: string; text: string }[];
  maxChars: number;
  yamlExtensionActive: boolean;
  /** Changes whenever the main thread builds the document's context again (what governs it changed). */
  contextId: number;
}

/** The thread's answer: the report and the notes of what the project did not read, or why it failed. */
export type CheckReply = { report: FileReport; notes: string[]; walks: number } | { error: string };

interface Pending {
  uri: string;
  job: CheckJob;
  /** A newer version came: the answer is dropped when it arrives. */
  cancelled?: boolean;
  resolve(reply: { report: FileReport; notes: string[] } | undefined): void;
  reject(e: Error): void;
}

/** A number per context object (CheckJob.contextId): the thread keeps what it built for a document while the main
 *  thread's context of it, and so this number, stays the same. */
export class ContextIds {
  private readonly ids = new WeakMap<object, number>();
  private last = 0;

  of(ctx: object): number {
    let id = this.ids.get(ctx);
    if (id === undefined) this.ids.set(ctx, (id = ++this.last));
    return id;
  }
}

export class BackgroundChecks {
  private worker: Worker | undefined;
  private running: Pending | undefined;
  private readonly queue: Pending[] = [];
  /** Checks done and checks cancelled so far (kubegate/workspaceStats). */
  readonly counters = { done: 0, cancelled: 0, walks: 0 };

  constructor(private readonly programFile: string) {}

  /** The report of `job`, or undefined when a newer check of the same document cancelled it. */
  check(uri: string, job: CheckJob): Promise<{ report: FileReport; notes: string[] } | undefined> {
    this.cancel(uri);
    return new Promise((resolve, reject) => {
      this.queue.push({ uri, job, resolve, reject });
      this.next();
    });
  }

  /** The document changed or closed: its waiting or running check goes (its promise resolves undefined). */
  cancel(uri: string): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.uri !== uri) continue;
      this.queue.splice(i, 1)[0]!.resolve(undefined);
      this.counters.cancelled++;
    }
    const running = this.running;
    if (running?.uri !== uri || running.cancelled) return;
    running.cancelled = true;
    running.resolve(undefined);
    this.counters.cancelled++;
  }

  /** The server shuts down: every check goes with the thread. */
  close(): void {
    for (const p of this.queue.splice(0)) p.resolve(undefined);
    this.running?.resolve(undefined);
    this.running = undefined;
    this.stop();
  }

  private stop(): void {
    const w = this.worker;
    this.worker = undefined;
    if (w) void w.terminate();
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    const p = this.queue.shift()!;
    this.running = p;
    const w = this.worker ?? this.start();
    w.ref();
    w.postMessage(p.job);
  }

  private start(): Worker {
    const w = new Worker(this.programFile, { workerData: { [CHECK_THREAD]: true }, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    this.worker = w;
    const settle = (reply: CheckReply): void => {
      const p = this.running;
      this.running = undefined;
      w.unref();
      if ('walks' in reply) this.counters.walks += reply.walks;
      if (p && !p.cancelled) {
        this.counters.done++;
        if ('error' in reply) p.reject(new Error(reply.error));
        else p.resolve(reply);
      }
      this.next();
    };
    w.on('message', (reply: CheckReply) => {
      if (this.worker === w) settle(reply);
    });
    const died = (why: string): void => {
      if (this.worker !== w) return;
      this.worker = undefined;
      settle({ error: why });
    };
    w.on('error', (e) => died(e instanceof Error ? e.message : String(e)));
    w.on('exit', (code) => died(`the check thread ended (exit code ${code})`));
    return w;
  }
}
