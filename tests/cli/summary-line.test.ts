// The sentences that end a text or GitHub report: the summary line (counts, files, what was not checked or was
// silenced, what --quiet hid), the settings line and the failing line. Many of their branches need a run shape
// (a failed path, a patch checked whole, a relaxing .kubegate.yaml) that the CLI tests reach one at a time, so
// every branch is pinned here on the summary the writers receive.
// Internal imports: `cli/format/text` (summaryLine, settingsLine, verdictLine: pure functions of a RunSummary).
import { describe, expect, it } from 'vitest';
import { settingsLine, summaryLine, verdictLine } from '../../server/src/cli/format/text';
import { runSummary as summary } from '../support/run-summary';

const counts = (error: number, warning: number, information: number, hint: number) => ({ error, warning, information, hint });

describe('summary line', () => {
  it('counts by severity, in the right number, over the files with findings', () => {
    expect(summaryLine(summary({ files: 0, documents: 0 }), false)).toBe('Nothing checked (Kubernetes 1.37).');
    expect(summaryLine(summary(), false)).toBe('No problems in 3 files (Kubernetes 1.37).');
    expect(summaryLine(summary({ files: 1, documents: 1 }), false)).toBe('No problems in 1 file (Kubernetes 1.37).');
    expect(summaryLine(summary({ filesWithFindings: 2, counts: counts(2, 1, 0, 0) }), false)).toBe('2 errors, 1 warning in 2 of 3 files (Kubernetes 1.37).');
    expect(summaryLine(summary({ filesWithFindings: 3, counts: counts(1, 2, 0, 0) }), false)).toBe('1 error, 2 warnings in 3 of 3 files (Kubernetes 1.37).');
    expect(summaryLine(summary({ files: 1, filesWithFindings: 1, counts: counts(1, 0, 0, 0) }), false)).toBe('1 error in 1 file (Kubernetes 1.37).');
    expect(summaryLine(summary({ files: 2, filesWithFindings: 1, counts: counts(0, 0, 2, 1) }), false)).toBe('2 information, 1 hint in 1 of 2 files (Kubernetes 1.37).');
    expect(summaryLine(summary({ files: 2, filesWithFindings: 1, counts: counts(0, 0, 1, 2) }), false)).toBe('1 information, 2 hints in 1 of 2 files (Kubernetes 1.37).');
  });

  it('--quiet hides information and hints from the counts but says how many it hid', () => {
    expect(summaryLine(summary({ filesWithFindings: 1, counts: counts(0, 0, 2, 1) }), true)).toBe('No problems in 3 files (Kubernetes 1.37); 2 information, 1 hint not shown (--quiet).');
    expect(summaryLine(summary({ filesWithFindings: 1, counts: counts(0, 1, 0, 3) }), true)).toBe('1 warning in 1 of 3 files (Kubernetes 1.37); 3 hints not shown (--quiet).');
    expect(summaryLine(summary({ filesWithFindings: 1, counts: counts(0, 1, 1, 0) }), true)).toBe('1 warning in 1 of 3 files (Kubernetes 1.37); 1 information not shown (--quiet).');
    expect(summaryLine(summary({ filesWithFindings: 1, counts: counts(0, 1, 0, 0) }), true)).toBe('1 warning in 1 of 3 files (Kubernetes 1.37).');
  });

  it('"No document checked" only when every document was left out, never "No problems"', () => {
    expect(summaryLine(summary({ notChecked: 5, skippedByKind: 4 }), false)).toBe('No document checked in 3 files (Kubernetes 1.37); 5 of 9 documents not checked, 4 documents skipped by kind.');
    expect(summaryLine(summary({ notChecked: 8 }), false)).toBe('No problems in 3 files (Kubernetes 1.37); 8 of 9 documents not checked.');
    expect(summaryLine(summary({ documents: 1, notChecked: 1 }), false)).toBe('No document checked in 3 files (Kubernetes 1.37); 1 of 1 document not checked.');
    expect(summaryLine(summary({ skippedByKind: 1 }), false)).toBe('No problems in 3 files (Kubernetes 1.37); 1 document skipped by kind.');
  });

  it('what was silenced, skipped or unreadable, each in the right number', () => {
    const one = summary({ silenced: { disableComments: 1, configuration: 1, patchFiles: 1, patchesCheckedWhole: 1 }, skipped: [{ path: 'a', message: 'm' }], failed: [{ path: 'b', message: 'm' }] });
    expect(summaryLine(one, false)).toBe(
      'No problems in 3 files (Kubernetes 1.37); 1 finding silenced by disable comments, 1 finding switched off by configuration, ' +
        '1 file read as kustomize patches, 1 patch document checked as a whole object, 1 file skipped, 1 path not readable.',
    );
    const two = summary({
      silenced: { disableComments: 2, configuration: 3, patchFiles: 2, patchesCheckedWhole: 2 },
      skipped: [{ path: 'a', message: 'm' }, { path: 'c', message: 'm' }],
      failed: [{ path: 'b', message: 'm' }, { path: 'd', message: 'm' }],
    });
    expect(summaryLine(two, false)).toBe(
      'No problems in 3 files (Kubernetes 1.37); 2 findings silenced by disable comments, 3 findings switched off by configuration, ' +
        '2 files read as kustomize patches, 2 patch documents checked as whole objects, 2 files skipped, 2 paths not readable.',
    );
  });
});

describe('settings and failing lines', () => {
  it('one part per settings file: files governed, what it ignored, switched off or relaxed; or that it was not applied', () => {
    expect(settingsLine(summary())).toBeUndefined();
    const use = { path: '.kubegate.yaml', files: 1, ignored: 0, off: 0, applied: true, relaxations: 0 };
    expect(settingsLine(summary({ settings: [use] }))).toBe('Settings: .kubegate.yaml (1 file).');
    expect(
      settingsLine(
        summary({
          settings: [
            { ...use, files: 38, ignored: 2, off: 5, relaxations: 2 },
            { ...use, path: 'team/.kubegate.yaml', files: 3, ignored: 1, off: 1, relaxations: 1 },
            { ...use, path: 'other/.kubegate.yaml', applied: false },
          ],
        }),
      ),
    ).toBe(
      "Settings: .kubegate.yaml (38 files, 2 files ignored, 5 findings off, 2 keys relax the root's policy); " +
        "team/.kubegate.yaml (3 files, 1 file ignored, 1 finding off, 1 key relaxes the root's policy); " +
        "other/.kubegate.yaml (not applied: the run's settings are pinned).",
    );
  });

  it('the failing line joins the reasons; a passing run has none', () => {
    expect(verdictLine(summary())).toBeUndefined();
    expect(verdictLine(summary({ verdict: { exitCode: 1, reasons: ['3 errors (--fail-on error)', '2 warnings, more than --max-warnings 1'] } }))).toBe(
      'Failing (exit 1): 3 errors (--fail-on error); 2 warnings, more than --max-warnings 1.',
    );
    expect(verdictLine(summary({ verdict: { exitCode: 2, reasons: ['a path is not readable'] } }))).toBe('Failing (exit 2): a path is not readable.');
  });
});
