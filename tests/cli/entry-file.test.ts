// What the CLI's launcher hands to the worker threads of `--jobs`: the file they start from and the code cache
// the main thread chose for the run, none when the run's cache is off (a worker's own argv never holds
// `--no-cache`, so it must not choose for itself).
import { afterEach, describe, expect, it } from 'vitest';
import { handedCodeCache, setLauncher, threadEntry } from '../../server/src/cli/entry-file';

const KEY = Symbol.for('kubegate.cli-launcher');
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

describe('threads started by the launcher', () => {
  it('start from the program itself when no launcher started it (tests, the single executable)', () => {
    expect(threadEntry('/x/dist/cli-main.js')).toEqual({ file: '/x/dist/cli-main.js', data: {} });
    expect(handedCodeCache({ kubegateCheckWorker: {} })).toBeUndefined();
    expect(handedCodeCache(undefined)).toBeUndefined();
  });

  it('start from the launcher with the code cache of the run', () => {
    setLauncher({ file: '/x/dist/cli.js', codeCache: '/c/code/cli-1-2.bin' });
    const entry = threadEntry('/x/dist/cli-main.js');
    expect(entry.file).toBe('/x/dist/cli.js');
    expect(handedCodeCache({ ...entry.data, kubegateCheckWorker: {} })).toBe('/c/code/cli-1-2.bin');
  });

  it('get no code cache when the run has none (--no-cache, KUBEGATE_CACHE=off)', () => {
    setLauncher({ file: '/x/dist/cli.js', codeCache: undefined });
    const entry = threadEntry('/x/dist/cli-main.js');
    expect(entry).toEqual({ file: '/x/dist/cli.js', data: { kubegateCodeCache: null } });
    expect(handedCodeCache(entry.data)).toBeUndefined();
  });
});
