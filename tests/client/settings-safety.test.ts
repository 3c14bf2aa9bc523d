// Robustness: settings from a cloned repository are safe. kubegate.files / kubegate.configFiles are
// restricted in untrusted workspaces (package.json and the client's trust filter), and setting errors sent by the
// server in kubegate/status are shown in the status item and notified once.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StatusParams } from '../../server/src/contract/protocol';
import { resolveSettings } from '../../server/src/contract/settings';
import { formatStatus, newSettingErrors } from '../../client/src/statusText';
import { FILE_SELECTION_SETTINGS, RESTRICTED_SETTINGS, restrictSection } from '../../client/src/trust';

const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));

describe('file selection settings in an untrusted workspace', () => {
  it('are restricted configurations of the extension', () => {
    const restricted = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations as string[];
    for (const name of FILE_SELECTION_SETTINGS) expect(restricted).toContain(name);
    expect([...restricted].sort()).toEqual([...RESTRICTED_SETTINGS].sort());
  });

  it('reach the server empty (the default selection), in every shape of answer', () => {
    const raw = { files: ['**/*'], configFiles: ['evil/**'], featureGates: { A: true } };
    const { settings } = resolveSettings(restrictSection('kubegate', raw, false));
    expect(settings.files).toEqual([]);
    expect(settings.configFiles).toEqual([]);
    expect(settings.featureGates).toEqual({ A: true });
    expect(restrictSection('kubegate.files', ['**/*'], false)).toEqual([]);
    expect(restrictSection('kubegate.configFiles', ['x'], false)).toEqual([]);
    expect(restrictSection('kubegate', raw, true)).toBe(raw);
  });
});

describe('setting errors from kubegate/status', () => {
  const status = (settingErrors?: string[]): StatusParams => ({
    kubernetesVersion: '1.37',
    versionSource: 'setting',
    gateSources: [],
    cluster: { state: 'disabled', notes: [] },
    notes: [],
    ...(settingErrors ? { settingErrors } : {}),
  });
  const error = 'kubegate.files: "{a,b" is not a valid glob (an unclosed {); it is ignored.';

  it('make the status item a warning that lists them', () => {
    const view = formatStatus(status([error]), true);
    expect(view.warning).toBe(true);
    expect(view.text).toMatch(/^\$\(warning\)/);
    expect(view.tooltip).toContain(error);
    expect(formatStatus(status(), true).warning).toBe(false);
  });

  it('are notified once each', () => {
    const shown = new Set<string>();
    expect(newSettingErrors(status([error]), shown)).toEqual([error]);
    expect(newSettingErrors(status([error]), shown)).toEqual([]);
    expect(newSettingErrors(status(), shown)).toEqual([]);
  });
});
