// Which repository configs govern a manifest (engine/gates/discover-configs.ts): the YAML files of its folder or
// the nearest ancestor folder that has a config, the manifest itself left out, the caller's parsed configs used when
// it keeps them; and configs named explicitly, unreadable ones reported by name.
// Internal imports: `gates/discover-configs` (discovery has no engine entry point; the CLI's project mode and the
// server call it through their own file access).
import { describe, expect, it } from 'vitest';
import { configFilesOf, discoverConfigs, loadConfigFiles } from '../../server/src/engine/gates/discover-configs';
import { readGateConfigsFromText, type ConfigFileAccess } from '../../server/src/engine';

const KUBELET = 'apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  EvictionRequestAPI: true\n';
const KIND = 'kind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nfeatureGates:\n  EvictionRequestAPI: false\n';

function memoryFs(files: Record<string, string>): ConfigFileAccess & { read: string[] } {
  const read: string[] = [];
  return {
    read,
    listFiles: (dir) => Object.keys(files).filter((f) => f.slice(0, f.lastIndexOf('/')) === dir).map((f) => f.slice(f.lastIndexOf('/') + 1)),
    readFile: (f) => {
      read.push(f);
      return files[f];
    },
  };
}

describe('config discovery', () => {
  it("the manifest's own folder: every YAML config there, not the manifest itself, nor other files", () => {
    const fs = memoryFs({ '/ws/app/m.yaml': KUBELET, '/ws/app/kubelet.yaml': KUBELET, '/ws/app/kind.yml': KIND, '/ws/app/notes.txt': KIND });
    const configs = discoverConfigs('/ws/app/m.yaml', '/ws', fs);
    expect(configs.map((c) => [c.file, c.configKind])).toEqual([
      ['/ws/app/kind.yml', 'kind'],
      ['/ws/app/kubelet.yaml', 'kubelet'],
    ]);
    expect(fs.read).not.toContain('/ws/app/m.yaml');
    expect(configFilesOf(configs)).toEqual(['/ws/app/kind.yml', '/ws/app/kubelet.yaml']);
  });

  it('the manifest is left out however its path is written', () => {
    const fs = memoryFs({ '/ws/app/m.yaml': KUBELET });
    expect(discoverConfigs('/ws/app/./m.yaml', '/ws', fs)).toEqual([]);
  });

  it('an unreadable file is skipped', () => {
    const fs: ConfigFileAccess = { listFiles: () => ['gone.yaml', 'kubelet.yaml'], readFile: (f) => (f.endsWith('kubelet.yaml') ? KUBELET : undefined) };
    expect(configFilesOf(discoverConfigs('/ws/app/m.yaml', '/ws', fs))).toEqual(['/ws/app/kubelet.yaml']);
  });

  it("the caller's parsed configs are used instead of reading the files", () => {
    const kept = readGateConfigsFromText(KIND, '/ws/app/kind.yaml');
    const fs = memoryFs({ '/ws/app/kind.yaml': KUBELET });
    const asked: string[] = [];
    const configs = discoverConfigs('/ws/app/m.yaml', '/ws', {
      ...fs,
      configsOf: (f) => {
        asked.push(f);
        return kept;
      },
    });
    expect(configs).toEqual(kept);
    expect(asked).toEqual(['/ws/app/kind.yaml']);
    expect(fs.read).toEqual([]);
  });

  it('the files of a config list, once each, unnamed configs left out', () => {
    const two = [...readGateConfigsFromText(`${KIND}---\n${KUBELET}`, '/r/a.yaml'), ...readGateConfigsFromText(KUBELET, '/r/b.yaml'), ...readGateConfigsFromText(KUBELET)];
    expect(configFilesOf(two)).toEqual(['/r/a.yaml', '/r/b.yaml']);
  });
});

describe('configs named explicitly', () => {
  it('reads each file; one that cannot be read is reported by name', () => {
    const fs = memoryFs({ '/r/kind.yaml': KIND, '/r/plain.yaml': 'apiVersion: v1\nkind: ConfigMap\n' });
    const { configs, unreadable } = loadConfigFiles(['/r/kind.yaml', '/r/missing.yaml', '/r/plain.yaml'], fs);
    expect(configs.map((c) => c.file)).toEqual(['/r/kind.yaml']);
    expect(unreadable).toEqual(['/r/missing.yaml']);
  });
});
