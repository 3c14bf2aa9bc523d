// How the CLI asks V8 to spend its CPU and memory for one run: a larger interrupt budget (fewer functions
// optimized, later, with the data's shapes known) and a smaller heap growing factor (the peak stays near what is
// alive). Why, with the measurements: bench/README.md, "V8 settings of the CLI and the server".
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
