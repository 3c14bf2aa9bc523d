// What the CLI's launcher hands to the worker threads of `--jobs`: the file they start from, the code cache the
// main thread chose for the run (none when the run's cache is off: a worker's own argv never holds `--no-cache`,
// so it must not choose for itself), and to the first of them only, the writing of that cache when it is missing
// or refused (the threads compile the checking code; the main thread then writes nothing).
import { afterEach, describe, expect, it } from 'vitest';
import { cacheHandedOver, handedCodeCache, setLauncher, threadEntry } from '../../server/src/cli/entry-file';

const KEY = Symbol.for('kubegate.cli-launcher');
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

describe('threads started by the launcher', () => {
  it('start from the program itself when no launcher started it (tests, the single executable)', () => {
    expect(threadEntry('/x/dist/cli-main.js')).toEqual({ file: '/x/dist/cli-main.js', data: {} });
    expect(handedCodeCache({ kubegateCheckWorker: true })).toEqual({ file: undefined, writes: false });
    expect(handedCodeCache(undefined)).toEqual({ file: undefined, writes: false });
    expect(cacheHandedOver()).toBe(false);
  });

  it('start from the launcher with the code cache of the run, which the first one writes when it is to be made', () => {
    setLauncher({ file: '/x/dist/cli.js', codeCache: '/c/code/cli-1-2.bin', fresh: true });
    const first = threadEntry('/x/dist/cli-main.js');
    const second = threadEntry('/x/dist/cli-main.js');
    expect(first.file).toBe('/x/dist/cli.js');
    expect(handedCodeCache({ ...first.data, kubegateCheckWorker: true })).toEqual({ file: '/c/code/cli-1-2.bin', writes: true });
    expect(handedCodeCache(second.data)).toEqual({ file: '/c/code/cli-1-2.bin', writes: false });
    expect(cacheHandedOver()).toBe(true);
  });

  it('do not write a code cache that V8 took as it is', () => {
    setLauncher({ file: '/x/dist/cli.js', codeCache: '/c/code/cli-1-2.bin', fresh: false });
    expect(handedCodeCache(threadEntry('/x/dist/cli-main.js').data)).toEqual({ file: '/c/code/cli-1-2.bin', writes: false });
    expect(cacheHandedOver()).toBe(false);
  });

  it('get no code cache when the run has none (--no-cache, KUBEGATE_CACHE=off)', () => {
    setLauncher({ file: '/x/dist/cli.js', codeCache: undefined, fresh: true });
    const entry = threadEntry('/x/dist/cli-main.js');
    expect(entry).toEqual({ file: '/x/dist/cli.js', data: { kubegateCodeCache: null } });
    expect(handedCodeCache(entry.data)).toEqual({ file: undefined, writes: false });
    expect(cacheHandedOver()).toBe(false);
  });
});
