// A RunSummary as the CLI's writers receive it (cli/format/types.ts): a quiet run of three files, with what a test
// changes laid over it.
import type { RunSummary } from '../../server/src/cli/format/types';

export function runSummary(over: Partial<RunSummary> = {}): RunSummary {
  return {
    version: '1.37',
    files: 3,
    filesWithFindings: 0,
    counts: { error: 0, warning: 0, information: 0, hint: 0 },
    documents: 9,
    notChecked: 0,
    skippedByKind: 0,
    silenced: { disableComments: 0, configuration: 0, patchFiles: 0, patchesCheckedWhole: 0 },
    charts: [],
    skipped: [],
    failed: [],
    settings: [],
    verdict: { exitCode: 0, reasons: [] },
    ...over,
  };
}
