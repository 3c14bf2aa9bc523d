// Comments that steer a check: target version, disable-next-line, disable to the end of the document.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CODES, CODE_TABLE, defaultSeverity } from '../../server/src/engine/codes';
import { parseDirectives, yamlComments } from '../../server/src/engine/directives';
import { supportedVersion } from '../../server/src/engine/kube-version';
import { parseFile } from '../../server/src/engine/parse/parseFile';
import { SUPPORTED_VERSIONS } from '../../server/src/engine/types';
import { analyze, check } from './helpers';

const BAD = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n';

describe('version directive', () => {
  it('reads # kubegate: kubernetes-version=… in the first 10 lines', () => {
    const text = `# kubegate: kubernetes-version=1.36\n${BAD}`;
    expect(analyze(text, '1.37').version).toBe('1.36');
    expect(parseDirectives(parseFile(`${'#\n'.repeat(10)}# kubegate: kubernetes-version=1.36\n${BAD}`)).version).toBeUndefined();
  });

  it('ignores an unsupported version and keeps it as badVersion', () => {
    const d = parseDirectives(parseFile(`# kubegate: kubernetes-version=1.20\n${BAD}`));
    expect(d.version).toBeUndefined();
    expect(d.badVersion?.raw).toBe('1.20');
  });

  it('parses version texts like the CLI flag', () => {
    expect(supportedVersion('1.37', 'tagged')).toBe('1.37');
    expect(supportedVersion('v1.36', 'tagged')).toBe('1.36');
    expect(supportedVersion('v1.35.2', 'tagged')).toBe('1.35');
    expect(supportedVersion('1.99', 'tagged')).toBeUndefined();
    expect(supportedVersion('latest', 'tagged')).toBeUndefined();
    for (const v of SUPPORTED_VERSIONS) expect(supportedVersion(`v${v}.0`, 'tagged')).toBe(v);
  });
});

describe('disable comments', () => {
  it('kubegate-disable-next-line silences the named code on the next line only', () => {
    const text = `${BAD}# kubegate-disable-next-line unknown-field\nfoo: 1\nbar: 2\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['bar']);
  });

  it('a code list that does not name the code leaves it', () => {
    const text = `${BAD}# kubegate-disable-next-line invalid-value, yaml11-scalar\nfoo: 1\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['foo']);
  });

  it('kubegate-disable without codes silences everything to the end of the document', () => {
    const text = `${BAD}before: 1\n# kubegate-disable\nfoo: 1\nbar: 2\n---\n${BAD}baz: 3\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['before', 'baz']);
  });

  it('a trailing comment works; # inside strings and block scalars does not count', () => {
    expect(yamlComments('a: "# kubegate-disable" # real\nb: |\n  # not a comment\n').map((c) => c.text)).toEqual(['# real']);
    const text = `${BAD}data:\n  x: "# kubegate-disable"\nfoo: 1\n`;
    expect(check(text).findings.map((f) => f.path)).toEqual(['foo']);
  });
});

describe('codes table', () => {
  it('the README codes table lists exactly the codes of the table, each with its default severity', () => {
    const readme = readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Finding codes'), readme.indexOf('\n## ', readme.indexOf('## Finding codes') + 3));
    const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` \| ([a-z]+) \|/gm)].map((m) => [m[1]!, m[2]!] as const);
    expect(rows.length).toBeGreaterThan(0);
    expect([...new Set(rows.map(([c]) => c))].sort()).toEqual([...ALL_CODES].sort());
    for (const code of ALL_CODES) {
      expect(rows.filter(([c]) => c === code).map(([, sev]) => sev), code).toContain(defaultSeverity(code));
      expect(CODE_TABLE[code].when.length).toBeGreaterThan(5);
    }
  });

  it('findings carry the default severity of their code', () => {
    for (const f of check(`${BAD}foo: 1\nmetadata2: yes\n`).findings) expect(f.severity).toBe(defaultSeverity(f.code));
  });
});

describe('version directive in a check', () => {
  it('checks the file against the version its comment names', () => {
    const text = `# kubegate: kubernetes-version=1.36
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: d.example.com
  nodeName: n
  pool: {name: p, resourceSliceCount: 1}
  skipNodeOperations: [NodePrepareResources]
`;
    const codes = (version: '1.36' | '1.37') => check(text.replace('1.36', version)).findings.map((f) => f.code);
    expect(codes('1.36')).toContain('field-not-in-version');
    expect(codes('1.37')).not.toContain('field-not-in-version');
  });
});
