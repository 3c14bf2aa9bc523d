// package.json's `contributes` must agree with the code: the settings with the shared settings contract,
// the commands with the ids the client registers, the trust restrictions with the cluster settings.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/src/contract/settings';
import { COMMANDS } from '../../client/src/commandIds';
import { RESTRICTED_SETTINGS } from '../../client/src/trust';
import { ALL_CODES, type GateCatalog } from '../../server/src/engine';
import { commandsContribution, configurationContribution, localize, newestGates, nlsStrings } from '../../scripts/contributes/contributes';

const repo = resolve(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const nls = JSON.parse(readFileSync(join(repo, 'package.nls.json'), 'utf8')) as Record<string, string>;
const catalog = JSON.parse(readFileSync(join(repo, 'schemas', 'gates.json'), 'utf8')) as GateCatalog;

interface Contributed {
  type: string;
  default: unknown;
  enum?: string[];
  description: string;
  scope: string;
  items?: unknown;
  additionalProperties?: unknown;
}

describe('package.json contributes.configuration matches server/src/contract/settings.ts', () => {
  const props = pkg.contributes.configuration.properties as Record<string, Contributed>;

  it('contributes exactly the settings of the contract', () => {
    expect(Object.keys(props).sort()).toEqual(SETTINGS.map((s) => s.name).sort());
  });

  for (const spec of SETTINGS) {
    it(`${spec.name}: type, default, enum, description, scope, item types`, () => {
      const p = props[spec.name];
      expect(p).toBeDefined();
      expect(p.type).toBe(spec.type);
      expect(p.default).toEqual(spec.default);
      expect(p.enum).toEqual(spec.enum ? [...spec.enum] : undefined);
      expect(localize(p.description, nls)).toBe(spec.description);
      expect(p.scope).toBe(spec.scope);
      expect(p.items).toEqual(spec.items ? { ...spec.items, ...(spec.items.enum ? { enum: [...spec.items.enum] } : {}) } : undefined);
      expect(p.additionalProperties).toEqual(
        spec.additionalProperties
          ? { ...spec.additionalProperties, ...(spec.additionalProperties.enum ? { enum: [...spec.additionalProperties.enum] } : {}) }
          : undefined,
      );
    });
  }

  it('equals a fresh run of npm run contributes (package.json and package.nls.json)', () => {
    expect(pkg.contributes.configuration).toEqual(configurationContribution(catalog));
    expect(pkg.contributes.commands).toEqual(commandsContribution());
    expect(nls).toEqual(nlsStrings());
  });

  it('settings.json completes finding codes in kubegate.severity and gate names of the newest version in kubegate.featureGates', () => {
    const severity = props['kubegate.severity'] as Contributed & { propertyNames?: { enum: string[] } };
    expect(severity.propertyNames?.enum).toEqual(ALL_CODES);
    expect(severity.propertyNames?.enum).toContain('feature-gate');
    const gates = props['kubegate.featureGates'] as Contributed & { propertyNames?: { enum: string[] } };
    const newest = newestGates(catalog).names;
    expect(newest.length).toBeGreaterThan(100);
    expect(gates.propertyNames?.enum).toEqual(newest);
    for (const g of newest) expect(catalog.gates[g]?.byVersion['1.37']?.exists).toBe(true);
  });

  it('every title and description of package.json resolves in package.nls.json', () => {
    const refs = JSON.stringify(pkg).match(/"%[^"%]+%"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const r of refs) expect(nls[r.slice(2, -2)], r).toMatch(/\S/);
  });

  it('every setting named in a restricted configuration exists', () => {
    const restricted = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations as string[];
    expect([...restricted].sort()).toEqual([...RESTRICTED_SETTINGS].sort());
    for (const name of restricted) expect(props[name]).toBeDefined();
  });
});

describe('package.json manifest of the extension', () => {
  it('contributes a command (with the Kubegate category) for every command the client registers', () => {
    const commands = pkg.contributes.commands as { command: string; title: string; category: string }[];
    expect(commands.map((c) => c.command).sort()).toEqual(Object.values(COMMANDS).sort());
    for (const c of commands) expect(localize(c.category, nls)).toBe('Kubegate');
    expect(commands.map((c) => localize(c.title, nls))).toContain('Restart Language Server');
  });

  it('activates on YAML and runs the bundled client', () => {
    expect(pkg.activationEvents).toContain('onLanguage:yaml');
    expect(pkg.main).toBe('./dist/client.js');
  });

  it('supports untrusted and virtual workspaces in a limited way', () => {
    expect(pkg.capabilities.untrustedWorkspaces.supported).toBe('limited');
    expect(pkg.capabilities.virtualWorkspaces.supported).toBe('limited');
  });

  it('engines.vscode accepts VS Code 1.139 and is not older than @types/vscode nor vscode-languageclient 11 needs', () => {
    const range = pkg.engines.vscode as string;
    const m = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
    expect(m, range).not.toBeNull();
    const [major, minor] = [Number(m![1]), Number(m![2])];
    expect(major).toBe(1);
    expect(minor).toBeLessThanOrEqual(139);
    const types = JSON.parse(readFileSync(join(repo, 'node_modules', '@types', 'vscode', 'package.json'), 'utf8')).version as string;
    expect(Number(types.split('.')[1])).toBeLessThanOrEqual(minor);
    const lc = JSON.parse(readFileSync(join(repo, 'node_modules', 'vscode-languageclient', 'package.json'), 'utf8'));
    const needed = /(\d+)\.(\d+)/.exec(lc.engines.vscode as string)!;
    expect(minor).toBeGreaterThanOrEqual(Number(needed[2]));
  });

  it('one source of snippets: the server offers them (where a whole document fits), so no snippets file is contributed', () => {
    expect(pkg.contributes.snippets).toBeUndefined();
    expect(existsSync(join(repo, 'snippets', 'kubegate.code-snippets'))).toBe(true);
    expect(existsSync(join(repo, pkg.icon))).toBe(true);
  });

  it('names the project: repository, bugs and homepage on one URL', () => {
    const base = 'https://github.com/kubegate/kubegate';
    expect(pkg.repository.url).toBe(`${base}.git`);
    expect(pkg.bugs.url).toBe(`${base}/issues`);
    expect(pkg.homepage.startsWith(base)).toBe(true);
  });

  it('.vscodeignore is an allowlist that ships the bundles, data, snippets and icon but no sources', () => {
    const lines = readFileSync(join(repo, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('**');
    for (const keep of ['!dist/client.js', '!dist/server.js', '!schemas/**', '!snippets/**', `!${pkg.icon}`, '!LICENSE', '!CHANGELOG.md', '!package.nls.json', '!docs/images/*.png']) {
      expect(lines).toContain(keep);
    }
    expect(lines.some((l) => /src|node_modules|tests/.test(l))).toBe(false);
  });
});
