// How a client starts the language server process. The VS Code client forks dist/server.js with these Node
// options, and the benchmark starts it the same way; other editors may add them to their command. A small young
// generation, one V8 helper thread, garbage collection on the main thread and no optimizing compiler: why, with
// the measurements, in bench/README.md, "V8 settings of the CLI and the server".
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=2', '--v8-pool-size=1', '--single-threaded-gc', '--no-opt'];
