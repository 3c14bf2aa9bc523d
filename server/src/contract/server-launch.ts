// How a client starts the language server process. The VS Code client forks dist/server.js with these Node
// options, and the benchmark starts it the same way; other editors may add them to their command.
//
// `--max-semi-space-size=2` caps V8's young generation at 2 MB per semi-space (the default grows to 16 MB). The
// server keeps little short-lived data between requests, so a small young generation costs a few more, cheap
// collections while a large file is parsed, and lowers the process's peak memory by about a fifth.
export const SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=2'];
