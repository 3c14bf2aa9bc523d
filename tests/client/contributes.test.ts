// package.json's `contributes` must agree with the code: the settings with the shared settings contract,
// the commands with the ids the client registers, the trust restrictions with the cluster settings.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../server/src/contract/settings';
import { COMMANDS } from '../../client/src/commandIds';
import { CLUSTER_SETTINGS } from '../../client/src/trust';

const repo = resolve(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

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
      expect(p.description).toBe(spec.description);
      expect(p.scope).toBe(spec.scope);
      expect(p.items).toEqual(spec.items ? { ...spec.items, ...(spec.items.enum ? { enum: [...spec.items.enum] } : {}) } : undefined);
      expect(p.additionalProperties).toEqual(
        spec.additionalProperties
          ? { ...spec.additionalProperties, ...(spec.additionalProperties.enum ? { enum: [...spec.additionalProperties.enum] } : {}) }
          : undefined,
      );
    });
  }

  it('every setting named in a restricted configuration exists', () => {
    const restricted = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations as string[];
    expect([...restricted].sort()).toEqual([...CLUSTER_SETTINGS].sort());
    for (const name of restricted) expect(props[name]).toBeDefined();
  });
});

describe('package.json manifest of the extension', () => {
  it('contributes a command (with the Kubegate category) for every command the client registers', () => {
    const commands = pkg.contributes.commands as { command: string; title: string; category: string }[];
    expect(commands.map((c) => c.command).sort()).toEqual(Object.values(COMMANDS).sort());
    for (const c of commands) expect(c.category).toBe('Kubegate');
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

  it('the snippets file and the icon it names exist', () => {
    for (const s of pkg.contributes.snippets as { language: string; path: string }[]) {
      expect(s.language).toBe('yaml');
      expect(existsSync(join(repo, s.path)), s.path).toBe(true);
    }
    expect(existsSync(join(repo, pkg.icon))).toBe(true);
  });

  it('.vscodeignore is an allowlist that ships the bundles, data, snippets and icon but no sources', () => {
    const lines = readFileSync(join(repo, '.vscodeignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(lines[0]).toBe('**');
    for (const keep of ['!dist/client.js', '!dist/server.js', '!schemas/**', '!snippets/**', `!${pkg.icon}`, '!LICENSE', '!CHANGELOG.md', '!README.md']) {
      expect(lines).toContain(keep);
    }
    expect(lines.some((l) => /src|node_modules|tests/.test(l))).toBe(false);
  });
});
