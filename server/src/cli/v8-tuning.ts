// How the CLI asks V8 to spend its CPU. A check is one pass over many files: most functions run a few thousand
// times and the run is over in seconds, so code that V8's optimizing compiler (TurboFan) makes early is often
// thrown away when a later file brings other shapes of data, and compiled again. Measured on the bench tree
// (bench/README.md, item 9): with V8's defaults a one-thread check spent about as much CPU on helper threads
// (compiling) as on checking, and half of that compile time went to functions compiled a second time or more.
// A larger interrupt budget makes V8 wait for ten or more times as much work in a function before optimizing it:
// fewer functions are optimized, later, with the data's shapes known by then. The language server, a long-lived
// process, has its own settings (contract/server-launch.ts).
// The heap: by default V8 lets the old generation grow to about four times what survived the last full collection
// before it collects again, when collecting is cheap next to the program's work, as it is here. A check holds
// little for long (the files being checked, folder facts), so most of that room is garbage: a smaller growing
// factor keeps the peak near what is alive, at a few more (short) full collections. Measured in bench/README.md
// (item 10): with files read when checked, one-thread peak RSS on a 38 MB tree with large CRD bundles went from
// about 440 to 210 MB, CPU unchanged.
import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/** V8's default is 67,584 (Node 20). */
const INTERRUPT_BUDGET = 1_200_000;

/** The old generation may grow by this percent of what survived a full collection before the next one (V8's
 *  default picks up to 300 % when collections are cheap). */
const HEAP_GROWING_PERCENT = 50;

/** Sets the CLI's V8 flags: to be called before the first check. They hold for the whole process, so the worker
 *  threads of `--jobs` get them from the main thread (and do not write them again while others run). */
export function tuneV8ForOneRun(): void {
  if (!isMainThread) return;
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
