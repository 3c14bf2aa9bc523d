// A custom resource's `type: integer` value is accepted by kube-apiserver exactly when it fits an int64 (decoded as
// an int64, else as a float64 that schema validation takes for an integer only within ±(2^53-1)); the schema's
// `format: int32` is not checked against the value (api-extensions/convert.ts CUSTOM_RESOURCE_INTEGER says where upstream).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Project, type ProjectSettings } from '../../server/src/engine';
import { widgetCrd } from '../support/crd-text';
import { memoryHost } from '../support/fixture';

const ROOT = '/repo';
const SETTINGS: ProjectSettings = { version: '1.37', key: 'test' };

function decodeFindings(small: string, big: string, ratio = '0.5') {
  const crd = widgetCrd('example.com', { small: '{type: integer, format: int32}', big: '{type: integer, format: int64}', ratio: '{type: number, format: float}' });
  const widget = `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  small: ${small}\n  big: ${big}\n  ratio: ${ratio}\n`;
  const files = [
    { path: 'crd.yaml', text: crd },
    { path: 'w.yaml', text: widget },
  ];
  const project = new Project(memoryHost(ROOT, files), { fallbackRoot: ROOT });
  const report = project.contextOf(path.join(ROOT, 'w.yaml'), SETTINGS, widget).analysis.check(widget);
  return report.findings.map((f) => [f.code, f.path, f.message.includes('(int64)')]);
}

describe('integers of a custom resource', () => {
  it('beyond int64 they are refused, whatever the format says', () => {
    expect(decodeFindings('9223372036854775808', '-1e19')).toEqual([
      ['invalid-value', 'spec.small', true],
      ['invalid-value', 'spec.big', true],
    ]);
    // A float beyond int64 (go-yaml reads 1e19 as a float; kubectl sends it as digits, decoded as a float64).
    expect(decodeFindings('1e19', '1')).toEqual([['invalid-value', 'spec.small', true]]);
  });

  it('within int64 they pass, format int32 included (the server does not check it); a number takes any value', () => {
    expect(decodeFindings('3000000000', '9223372036854775807', '1e300')).toEqual([]);
    // kubectl reads -9223372036854775809 as a float, which rounds to -2^63 and is sent as that int64.
    expect(decodeFindings('-2147483649', '-9223372036854775809', '3')).toEqual([]);
  });
});
