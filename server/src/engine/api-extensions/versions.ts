// Served-version findings of custom resources: a version the CRD does not serve (or does not define), with the
// move spelled out — the version to use, and for bundled CRDs the releases that served the old one.
import { finding } from '../codes';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import type { CrdCatalog } from './catalog';
import { propertyOf, type CrdDefinition, type CrdSchema, type CrdVersion } from './crd-data';
import { describeSource, preferredVersion } from './describe';
import { versionOf } from '../base/api-version';

export function servedVersionFinding(
  def: CrdDefinition,
  version: CrdVersion | undefined,
  apiVersion: string,
  kind: string,
  where: Range,
  catalog: CrdCatalog,
): Finding {
  const target = preferredVersion(def);
  const source = describeSource(def);
  const served = def.versions.filter((v) => v.served).map((v) => v.name);
  const history = catalog.versionHistory?.(def.group, kind, versionOf(apiVersion));
  const moved = version && target ? movedFields(version, target) : [];
  const detail = [
    version ? `${source} defines ${version.name} but does not serve it.` : `${source} defines ${def.versions.map((v) => v.name).join(', ')}.`,
    history ? `${apiVersion} ${kind} was served up to ${history}.` : '',
    moved.length > 0 ? `Fields that differ in ${target!.name}: ${moved.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return finding('api-not-served', {
    message: `${apiVersion} ${kind} is not served by ${source}` + (served.length > 0 ? ` (served: ${served.join(', ')})` : ''),
    fix: target ? `Use apiVersion ${def.group}/${target.name}.` : 'Install a CRD release that serves this version.',
    detail,
    path: `${apiVersion}/${kind}`,
    range: where,
    data: { apiVersion, kind, servedAs: served.map((v) => `${def.group}/${v}`), source, ...(history ? { servedUpTo: history } : {}), ...(moved.length > 0 ? { moved } : {}) },
  });
}

/** Paths (down to three levels) present in `from` but absent in `to`: what a version move renames or drops. */
export function movedFields(from: CrdVersion, to: CrdVersion): string[] {
  const out: string[] = [];
  const walk = (a: CrdSchema | undefined, b: CrdSchema | undefined, path: string, depth: number) => {
    if (!a?.properties || depth > 3) return;
    for (const name of Object.keys(a.properties)) {
      const p = path ? `${path}.${name}` : name;
      const other = propertyOf(b, name);
      if (!other) out.push(p);
      else walk(a.properties[name], other, p, depth + 1);
    }
  };
  walk(from.schema, to.schema, '', 0);
  return out.slice(0, 10);
}
