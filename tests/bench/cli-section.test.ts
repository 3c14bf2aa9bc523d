// The CLI section of bench/RESULTS.md from made-up runs: a ratio is the median of each repetition's ratio to the
// reference run beside it, so a machine that slows down between repetitions moves both sides alike.
import { describe, expect, it } from 'vitest';
import { cliSection, type CliResult, type Run } from '../../bench/cli';

const run = (wallMs: number, cpuMs = wallMs, rssMb = 100): Run => ({ wallMs, cpuMs, rssMb, exit: 1 });

function result(rows: Record<string, Run[]>): CliResult {
  return {
    tree: { files: 3, bytes: 3 << 20, bundleBytes: [1 << 20], manyFolder: 'many', bigFolderFile: 'big/file.yaml' },
    bigTree: { files: 6, bytes: 6 << 20, bundles: 2 << 20 },
    reps: 3,
    rows,
  };
}

const rowOf = (section: string, start: string) => section.split('\n').find((l) => l.startsWith(`| ${start}`));

describe('bench CLI section', () => {
  it('takes each ratio against the reference measured in the same repetition', () => {
    // The machine is twice as slow in the second repetition and three times in the third: medians of each side
    // alone would give 3000 / 1000 = 3×; the same repetitions' ratios are all 1.4×.
    const section = cliSection(
      result({
        'tree: check, 1 thread, no cache': [run(1400), run(2800), run(4200)],
        'tree: check, 1 thread, no cache (its reference)': [run(1000), run(2000), run(3000)],
      }),
    );
    expect(rowOf(section, 'whole tree, CPU (1 thread, no cache)')).toMatchInlineSnapshot(
      `"| whole tree, CPU (1 thread, no cache) vs yaml parse | 2800 ms | 2000 ms | 1.40× | ≤ 1.5× |"`,
    );
  });

  it('shows a speed-up reference first, and a pair of runs as one run', () => {
    const section = cliSection(
      result({
        'tree: check, 2 threads, no cache': [run(800), run(1000), run(900)],
        'tree: check, 2 threads, no cache (its reference)': [run(1000), run(1500), run(1200)],
        'tree: two 1-thread checks at once': [run(1250), run(1300), run(1200)],
        'tree: two 1-thread checks at once (its reference)': [run(1000), run(1000), run(1000)],
      }),
    );
    expect(rowOf(section, 'whole tree, wall: 1 thread / 2 threads')).toMatchInlineSnapshot(
      `"| whole tree, wall: 1 thread / 2 threads (speed-up) | 1200 ms | 900 ms | 1.33× | ≥ 1.7× |"`,
    );
    expect(rowOf(section, 'whole tree, wall: 1 thread alone / two')).toMatchInlineSnapshot(
      `"| whole tree, wall: 1 thread alone / two 1-thread runs at once, per run (what 2 cores give when nothing is shared: the bound of the row above) | 1000 ms | 625 ms | 1.60× |  |"`,
    );
  });

  it('lists what each run did without the reference runs', () => {
    const section = cliSection(
      result({
        'one file in its folder, no cache': [{ ...run(500), stats: 'stats: 1 file in the main thread' }],
        'one file in its folder, no cache (its reference)': [{ ...run(400), stats: 'stats: 1 file alone' }],
      }),
    );
    expect(section.split('\n').filter((l) => l.startsWith('- '))).toEqual(['- one file in its folder, no cache: 1 file in the main thread']);
  });
});
