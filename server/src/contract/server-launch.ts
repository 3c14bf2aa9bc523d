// How a client starts the language server process. The VS Code client forks dist/server.js with these Node
// options, and the benchmark starts it the same way; other editors may add them to their command.
//
// The server is one thread answering one request at a time, with little data kept between requests:
// - `--max-semi-space-size=4` caps V8's young generation at 4 MB per semi-space (the default grows to 16 MB): the
//   young generation stays small, yet large enough that the short-lived objects of a parse die there instead of
//   being copied to the old generation.
// - `--v8-pool-size=1` and `--single-threaded-gc`: one background thread for V8 (Node starts four), and garbage
//   collection on the main thread. Helper threads compete with the main thread for the cores (two on many CI
//   machines and laptops under load) and each keeps its own allocation arena.
// Measured with the benchmark's session driver (bench/scenario.ts) against the previous `--max-semi-space-size=2`
// alone: on a 10k-line file about a quarter less time to first diagnostics and 10 MB less peak memory; on a
// 50k-line file a fifth less time and 20 MB less peak memory; edit, hover and completion times within run-to-run
// noise.
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=4', '--v8-pool-size=1', '--single-threaded-gc'];
