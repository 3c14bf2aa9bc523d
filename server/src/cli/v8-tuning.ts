// How the CLI asks V8 to spend its CPU. A check is one pass over many files: most functions run a few thousand
// times and the run is over in seconds, so code that V8's optimizing compiler (TurboFan) makes early is often
// thrown away when a later file brings other shapes of data, and compiled again. Measured on the bench tree
// (bench/README.md, item 9): with V8's defaults a one-thread check spent about as much CPU on helper threads
// (compiling) as on checking, and half of that compile time went to functions compiled a second time or more.
// A larger interrupt budget makes V8 wait for ten or more times as much work in a function before optimizing it:
// fewer functions are optimized, later, with the data's shapes known by then. The language server, a long-lived
// process, has its own settings (contract/server-launch.ts).
import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/** V8's default is 67,584 (Node 20). */
const INTERRUPT_BUDGET = 1_200_000;

/** Sets the CLI's V8 flags: to be called before the first check. They hold for the whole process, so the worker
 *  threads of `--jobs` get them from the main thread (and do not write them again while others run). */
export function tuneV8ForOneRun(): void {
  if (isMainThread) setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
