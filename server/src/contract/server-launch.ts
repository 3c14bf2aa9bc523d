// How a client starts the language server process. The VS Code client forks dist/server.js with these Node
// options, and the benchmark starts it the same way; other editors may add them to their command.
//
// The server is one thread answering one request at a time, with little data kept between requests (a check
// keeps one YAML document's tree at a time, engine/parse/each-document.ts):
// - `--max-semi-space-size=2` caps V8's young generation at 2 MB per semi-space (the default grows to 16 MB):
//   little survives a check, so a small young generation costs next to no time and keeps the peak low.
// - `--v8-pool-size=1` and `--single-threaded-gc`: one background thread for V8 (Node starts four), and garbage
//   collection on the main thread. Helper threads compete with the main thread for the cores (two on many CI
//   machines and laptops under load) and each keeps its own allocation arena.
// - `--no-opt`: no optimizing compiler (TurboFan). The interpreter and the baseline compiler (Sparkplug) run
//   everything. A check is a short burst over many small functions, where optimized code pays off little,
//   while using TurboFan at all costs memory: its own machine code paged in from the Node binary, its compile
//   zones, and objects that optimized code allocates straight into the old generation. Measured with the
//   benchmark's session driver (bench/scenario.ts), peak memory drops by about 6 MB on the 10k-line file in
//   the repository scenario and by about 45 MB on the 50k-line file; edits take a few milliseconds more, first
//   diagnostics stay within run-to-run noise on 10k lines and take about a quarter longer on 50k lines.
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=2', '--v8-pool-size=1', '--single-threaded-gc', '--no-opt'];
