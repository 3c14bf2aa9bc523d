// The parts of package.json that come from the code: `contributes.configuration` (from the settings contract,
// with `propertyNames` enums so settings.json completes finding codes and gate names), the command titles, and
// package.nls.json (every title and description, referenced from package.json as "%key%").
// `npm run contributes` writes them (scripts/contributes/sync.ts); tests/client/contributes.test.ts checks
// that package.json and package.nls.json equal a fresh run.
import { SETTINGS, type SettingSpec } from '../../server/src/contract/settings';
import { ALL_CODES, CODE_TABLE } from '../../server/src/engine/codes';
import type { GateCatalog } from '../../server/src/engine/knowledge/data-contract';
import { SUPPORTED_VERSIONS } from '../../server/src/engine/base/types';
import { COMMANDS } from '../../client/src/commandIds';

/** Palette titles (shown as "Kubegate: <title>"). */
export const COMMAND_TITLES: Record<(typeof COMMANDS)[keyof typeof COMMANDS], string> = {
  [COMMANDS.showGates]: 'Show Feature Gates Needed by This Workspace',
  [COMMANDS.createKindConfig]: 'Create kind Config Enabling Needed Gates',
  [COMMANDS.setVersion]: 'Set Target Kubernetes Version',
  [COMMANDS.refreshCluster]: 'Connect to Cluster / Refresh Gate State',
  [COMMANDS.explain]: 'Explain Field at Cursor',
  [COMMANDS.showLog]: 'Show Language Server Log',
  [COMMANDS.restart]: 'Restart Language Server',
};

export const NLS_KEYS = {
  configurationTitle: 'kubegate.configuration.title',
  category: 'kubegate.command.category',
} as const;

const nlsRef = (key: string): string => `%${key}%`;
const settingKey = (name: string): string => `${name}.description`;
const commandKey = (id: string): string => `${id}.title`;

/** Gate names that exist in the newest supported version, sorted, with "Alpha, off by default in 1.37" words. */
export function newestGates(catalog: GateCatalog): { names: string[]; descriptions: string[] } {
  const newest = SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1];
  const names = Object.keys(catalog.gates)
    .filter((g) => catalog.gates[g]?.byVersion[newest]?.exists === true)
    .sort();
  const descriptions = names.map((g) => {
    const v = catalog.gates[g]!.byVersion[newest]!;
    const def = v.default === true ? 'on by default' : v.default === false ? 'off by default' : 'default varies';
    return `${v.stage ?? 'stage unknown'}, ${def}${v.locked ? ', locked' : ''} in ${newest}`;
  });
  return { names, descriptions };
}

function property(spec: SettingSpec, catalog: GateCatalog): Record<string, unknown> {
  const p: Record<string, unknown> = { type: spec.type, default: spec.default };
  if (spec.enum) p.enum = [...spec.enum];
  if (spec.items) p.items = { ...spec.items, ...(spec.items.enum ? { enum: [...spec.items.enum] } : {}) };
  if (spec.additionalProperties) {
    p.additionalProperties = { ...spec.additionalProperties, ...(spec.additionalProperties.enum ? { enum: [...spec.additionalProperties.enum] } : {}) };
  }
  if (spec.name === 'kubegate.severity') {
    p.propertyNames = { enum: [...ALL_CODES], enumDescriptions: ALL_CODES.map((c) => `Default ${CODE_TABLE[c].severity}: ${CODE_TABLE[c].summary}.`) };
  }
  if (spec.name === 'kubegate.featureGates') {
    const { names, descriptions } = newestGates(catalog);
    p.propertyNames = { enum: names, enumDescriptions: descriptions };
  }
  p.description = nlsRef(settingKey(spec.name));
  p.scope = spec.scope;
  return p;
}

export function configurationContribution(catalog: GateCatalog): { title: string; properties: Record<string, unknown> } {
  const properties: Record<string, unknown> = {};
  for (const spec of SETTINGS) properties[spec.name] = property(spec, catalog);
  return { title: nlsRef(NLS_KEYS.configurationTitle), properties };
}

export function commandsContribution(): { command: string; title: string; category: string }[] {
  return Object.values(COMMANDS).map((id) => ({ command: id, title: nlsRef(commandKey(id)), category: nlsRef(NLS_KEYS.category) }));
}

/** package.nls.json: the English text of every "%key%" in package.json. */
export function nlsStrings(): Record<string, string> {
  const out: Record<string, string> = {
    [NLS_KEYS.configurationTitle]: 'Kubegate',
    [NLS_KEYS.category]: 'Kubegate',
  };
  for (const spec of SETTINGS) out[settingKey(spec.name)] = spec.description;
  for (const id of Object.values(COMMANDS)) out[commandKey(id)] = COMMAND_TITLES[id];
  return out;
}

/** Resolves a "%key%" reference of package.json with package.nls.json (other strings are returned as they are). */
export function localize(value: string, nls: Record<string, string>): string {
  const m = /^%(.+)%$/.exec(value);
  return m ? (nls[m[1]!] ?? value) : value;
}

/** package.json with its generated parts replaced (other fields and their order kept). */
export function syncedPackage(pkg: Record<string, any>, catalog: GateCatalog): Record<string, any> {
  const next = structuredClone(pkg);
  next.contributes.configuration = configurationContribution(catalog);
  next.contributes.commands = commandsContribution();
  return next;
}
