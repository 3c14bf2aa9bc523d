// A text with a lone CR (a line break for kubectl's YAML reader, read as LF by parseFile): the fixes read it again
// without the check's parse and must get the same documents (an earlier version handed parseFile's normalised text
// back to itself and parsed again until the stack ran out, so every fix was lost and an editor request hung).
import { describe, expect, it } from 'vitest';
import { Analysis } from '../../server/src/engine';

const analysis = new Analysis({ version: '1.37', file: 'cm.yaml' });

describe('fixes of a text with a lone CR', () => {
  it('a misspelt field after a lone CR line break gets its spelling fix', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\r  namspace: y\ndata:\n  a: b\n';
    const report = analysis.check(text);
    expect(report.findings.map((f) => [f.code, f.range.start.line])).toEqual([['unknown-field', 4]]);
    const fixes = analysis.fixes(text, report, report.findings, { offerSetting: false });
    expect(fixes.get(report.findings[0]!)!.map((f) => f.title)).toEqual([
      "Change spelling to 'namespace'",
      'Disable unknown-field on this line',
      'Disable unknown-field in this file',
    ]);
  });
});
