// A CRD property is a name like any other: `__proto__`, `constructor` and `toString` are declared fields when the
// schema declares them (a `__proto__` property was lost and its field reported unknown), and unknown ones when it
// does not (a lookup by name never reaches an object's prototype).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Project, type ProjectSettings } from '../../server/src/engine';
import { widgetCrd } from '../support/crd-text';
import { memoryHost } from '../support/fixture';

const ROOT = '/repo';
const SETTINGS: ProjectSettings = { version: '1.37', key: 'test' };

describe('CRD property names', () => {
  it('__proto__ and constructor are fields where declared; toString is unknown where not', () => {
    const crd = widgetCrd('example.com', { ['__proto__']: '{type: integer}', constructor: '{type: string}', size: '{type: integer}' });
    const widget = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  __proto__: three\n  constructor: c\n  size: 2\n  toString: 1\n';
    const files = [
      { path: 'crd.yaml', text: crd },
      { path: 'w.yaml', text: widget },
    ];
    const project = new Project(memoryHost(ROOT, files), { fallbackRoot: ROOT });
    const report = project.contextOf(path.join(ROOT, 'w.yaml'), SETTINGS, widget).analysis.check(widget);
    expect(report.findings.map((f) => [f.code, f.path, f.range.start.line])).toEqual([
      ['invalid-value', 'spec.__proto__', 5],
      ['unknown-field', 'spec.toString', 8],
    ]);
  });
});
