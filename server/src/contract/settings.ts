// The settings contract shared by the language server and the VS Code client.
// One table (SETTINGS) names every setting with its type, default and description; resolveSettings turns
// whatever a client sends (a `kubegate` section, nested or with dotted keys, possibly partial or wrong)
// into complete, valid settings plus a list of problems to report. Pure: no I/O, no module state.
// This module may import only plain data from the engine (no LSP, no VS Code), so the client can bundle it.
import { SUPPORTED_VERSIONS, DEFAULT_VERSION, type KubeVersion } from '../engine/base/types';
import type { FindingCode } from '../engine/codes/finding';
import type { NamedFiles } from '../engine/project/named-files';
import { ALL_CODES, isFindingCode } from '../engine/codes';
import { parseSelection } from '../engine/api-extensions/selection';
import { supportedVersion } from '../engine/base/kube-version';
import { SEVERITY_OVERRIDE_LEVELS, type SeverityOverride as EngineSeverityOverride } from '../engine/codes/severity-overrides';

export const SETTINGS_SECTION = 'kubegate';

/** A severity override: one of the finding severities, or `off` to drop the finding. */
export type SeverityOverride = EngineSeverityOverride;
export const SEVERITY_OVERRIDES: readonly SeverityOverride[] = SEVERITY_OVERRIDE_LEVELS;

export type VersionSetting = KubeVersion | 'cluster';
export const TRACE_LEVELS = ['off', 'messages', 'verbose'] as const;
export type TraceLevel = (typeof TRACE_LEVELS)[number];

/** Every finding code (the registry, engine/codes/registry.ts), so that `kubegate.severity` keys can be checked. */
export const FINDING_CODES: readonly FindingCode[] = ALL_CODES;

/** Resolved settings of one document (or of the workspace when no document is meant). */
export interface KubegateSettings {
  /** False: Kubegate checks nothing and answers no request (the server stays idle). */
  enable: boolean;
  validate: { enable: boolean };
  hover: { enable: boolean };
  completion: { enable: boolean };
  inlayHints: { enable: boolean };
  kubernetesVersion: VersionSetting;
  featureGates: Record<string, boolean>;
  severity: Partial<Record<FindingCode, SeverityOverride>>;
  /** Globs of repo config files; empty = discover configs next to the manifests. */
  configFiles: string[];
  /** kubeconfig: path of the kubeconfig file the cluster reader uses; empty = $KUBECONFIG, else ~/.kube/config. */
  cluster: { enabled: boolean; context: string; kubeconfig: string };
  /** Globs of files to check; empty = every YAML document with apiVersion and kind. */
  files: string[];
  trace: { server: TraceLevel };
  /** Custom resources (engine/crd): bundled pack selections (`gateway-api@1.5 experimental`) and CRD file globs. */
  customResources?: { packs: string[]; crdFiles: string[] };
  /** The lists of configs and CRD files that apply once a `.kubegate.yaml` is taken into account (contract/repo-config.ts:
   *  the user's own list, else the settings file's, relative to its folder); absent: the user's lists as they are. */
  named?: { configFiles?: NamedFiles; crdFiles?: NamedFiles };
}

/** A fresh copy of the defaults (callers may change it). */
export function defaultSettings(): KubegateSettings {
  return {
    enable: true,
    validate: { enable: true },
    hover: { enable: true },
    completion: { enable: true },
    inlayHints: { enable: true },
    kubernetesVersion: DEFAULT_VERSION,
    featureGates: {},
    severity: {},
    configFiles: [],
    cluster: { enabled: false, context: '', kubeconfig: '' },
    files: [],
    trace: { server: 'off' },
    customResources: { packs: [], crdFiles: [] },
  };
}

/** One row of the settings table, in the shape VS Code's `contributes.configuration` uses. */
export interface SettingSpec {
  /** Full name, e.g. `kubegate.cluster.enabled`. */
  name: string;
  type: 'string' | 'boolean' | 'object' | 'array';
  default: unknown;
  enum?: readonly string[];
  description: string;
  /** For maps: the type of each value; for arrays: the type of each item. */
  items?: { type: string; enum?: readonly string[] };
  additionalProperties?: { type: string; enum?: readonly string[] };
  scope: 'resource' | 'window';
}

/** The on/off switches: `kubegate.enable` and one per feature (like yaml.validate / yaml.hover). */
export const FEATURE_SWITCHES = ['validate', 'hover', 'completion', 'inlayHints'] as const;
export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];

const SWITCH_WHAT: Record<FeatureSwitch, string> = {
  validate: 'Check manifests and show problems (diagnostics).',
  hover: 'Show the gate, its stage and state, and the field type when hovering a key.',
  completion: 'Offer fields, values, gate names and whole-document snippets while typing.',
  inlayHints: 'Show a gate badge (stage and state) at the end of each line with a gated field.',
};

export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'kubegate.enable',
    type: 'boolean',
    default: true,
    description: 'Enable Kubegate. Off: no problems, hovers, completions or inlay hints from Kubegate.',
    scope: 'window',
  },
  ...FEATURE_SWITCHES.map(
    (f): SettingSpec => ({ name: `kubegate.${f}.enable`, type: 'boolean', default: true, description: SWITCH_WHAT[f], scope: 'resource' }),
  ),
  {
    name: 'kubegate.kubernetesVersion',
    type: 'string',
    default: DEFAULT_VERSION,
    enum: [...SUPPORTED_VERSIONS, 'cluster'],
    description:
      'Kubernetes minor version the manifests are checked against. "cluster" takes the version of the connected ' +
      'cluster (needs kubegate.cluster.enabled) and falls back to the newest supported one. A file can override it ' +
      'with a "# kubegate: kubernetes-version=1.36" comment in its first 10 lines.',
    scope: 'resource',
  },
  {
    name: 'kubegate.featureGates',
    type: 'object',
    default: {},
    additionalProperties: { type: 'boolean' },
    description:
      'Feature gates you know are set in the target cluster, as gate name → true/false. They apply to every ' +
      'component and win over what repo configs and the cluster say.',
    scope: 'resource',
  },
  {
    name: 'kubegate.severity',
    type: 'object',
    default: {},
    additionalProperties: { type: 'string', enum: SEVERITY_OVERRIDES },
    description:
      'Severity per finding code (e.g. "feature-gate": "error", "yaml11-scalar": "off"). Codes not listed keep ' +
      'their default severity.',
    scope: 'resource',
  },
  {
    name: 'kubegate.configFiles',
    type: 'array',
    default: [],
    items: { type: 'string' },
    description:
      'Glob patterns (relative to the workspace folder) of the cluster configs that say which gates are on: kind ' +
      'Cluster, kubeadm, KubeletConfiguration, KubeProxyConfiguration, control-plane static Pods. Empty: find them ' +
      'next to the manifests (same folder, else the nearest parent folder that has any).',
    scope: 'resource',
  },
  {
    name: 'kubegate.cluster.enabled',
    type: 'boolean',
    default: false,
    description:
      'Read the live cluster of the current kubeconfig context (version, the API server\'s feature gates, served ' +
      'APIs). Off by default: nothing is sent to a cluster unless you turn this on.',
    scope: 'window',
  },
  {
    name: 'kubegate.cluster.context',
    type: 'string',
    default: '',
    description: 'kubeconfig context to read when kubegate.cluster.enabled is on. Empty: the current context.',
    scope: 'window',
  },
  {
    name: 'kubegate.cluster.kubeconfig',
    type: 'string',
    default: '',
    description: 'Path of the kubeconfig file to read when kubegate.cluster.enabled is on. Empty: $KUBECONFIG, else ~/.kube/config.',
    scope: 'window',
  },
  {
    name: 'kubegate.files',
    type: 'array',
    default: [],
    items: { type: 'string' },
    description:
      'Glob patterns of the files to check. Empty: every YAML file, as the CLI checks them.',
    scope: 'resource',
  },
  {
    name: 'kubegate.customResources.packs',
    type: 'array',
    default: [],
    items: { type: 'string' },
    description:
      'Which release or channel of the bundled ecosystem CRDs to check custom resources against, e.g. ' +
      '"gateway-api@1.5 experimental" or "external-snapshotter@8.4". Empty: the newest bundled release of each ' +
      'project and the Gateway API standard channel. CRDs of the cluster and of the workspace win over the bundle.',
    scope: 'resource',
  },
  {
    name: 'kubegate.customResources.crdFiles',
    type: 'array',
    default: [],
    items: { type: 'string' },
    description:
      'Glob patterns (relative to the workspace folder) of CustomResourceDefinition files to check custom resources ' +
      'against, anywhere in the repository. CRDs next to a manifest (same folder, else the nearest parent folder ' +
      'that has any) are found without this setting.',
    scope: 'resource',
  },
  {
    name: 'kubegate.yamlSchemas.enable',
    type: 'boolean',
    default: false,
    description:
      "When Red Hat's YAML extension is installed, also give it Kubegate's JSON Schema for the Kubernetes documents " +
      'Kubegate checks (target version and gates; never for kustomize files, patches and bases, nor where ' +
      'yaml.schemas or a modeline names a schema). Off by default: Kubegate\'s own problems, hovers and completion ' +
      'already cover those documents, and the YAML extension would report type errors a second time.',
    scope: 'window',
  },
  {
    name: 'kubegate.trace.server',
    type: 'string',
    default: 'off',
    enum: TRACE_LEVELS,
    description: 'Log the messages between the editor and the Kubegate language server (for bug reports).',
    scope: 'window',
  },
];

export interface ResolvedSettings {
  settings: KubegateSettings;
  /** One sentence per ignored or corrected value, naming the setting. */
  problems: string[];
  /** The repository's `.kubegate.yaml` applied to `settings` (server only; see contract/repo-config.ts). */
  repoConfig?: { file: string; ignored(file: string): boolean };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads `key` from a section that may be nested (`cluster: {enabled}`) or flat (`"cluster.enabled"`). */
function pick(raw: Record<string, unknown>, key: string): unknown {
  if (key in raw) return raw[key];
  const dot = key.indexOf('.');
  if (dot < 0) return undefined;
  const head = raw[key.slice(0, dot)];
  return isRecord(head) ? pick(head, key.slice(dot + 1)) : undefined;
}

function stringList(value: unknown, name: string, problems: string[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    // The wrong type, said (a string is not a list): still read as the one pattern it holds.
    problems.push(`${name} must be a list of glob patterns, not a string; read as [${JSON.stringify(value)}].`);
    return value.trim() ? [value] : [];
  }
  if (!Array.isArray(value)) {
    problems.push(`${name} must be a list of glob patterns; the default is used.`);
    return undefined;
  }
  const out = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  if (out.length !== value.length) problems.push(`${name}: entries that are not non-empty strings are ignored.`);
  return out;
}

/** Turns a client's `kubegate` section (any shape, possibly null) into complete settings. Never throws. */
export function resolveSettings(raw: unknown): ResolvedSettings {
  const problems: string[] = [];
  const src = isRecord(raw) ? raw : {};
  if (raw !== undefined && raw !== null && !isRecord(raw)) problems.push('kubegate settings must be an object; defaults are used.');
  const s = defaultSettings();

  const version = pick(src, 'kubernetesVersion');
  if (typeof version === 'string' && version.trim() !== '') {
    if (version.trim() === 'cluster') s.kubernetesVersion = 'cluster';
    else {
      const v = supportedVersion(version, 'release');
      if (v) s.kubernetesVersion = v;
      else problems.push(`kubegate.kubernetesVersion "${version}" is not one of ${SUPPORTED_VERSIONS.join(', ')} or "cluster"; ${DEFAULT_VERSION} is used.`);
    }
  } else if (version !== undefined && version !== null && version !== '') {
    problems.push(`kubegate.kubernetesVersion must be a string; ${DEFAULT_VERSION} is used.`);
  }

  const gates = pick(src, 'featureGates');
  if (isRecord(gates)) {
    for (const [name, value] of Object.entries(gates)) {
      if (typeof value === 'boolean') s.featureGates[name] = value;
      else if (value === 'true' || value === 'false') s.featureGates[name] = value === 'true';
      else problems.push(`kubegate.featureGates.${name} must be true or false; it is ignored.`);
    }
  } else if (gates !== undefined && gates !== null) {
    problems.push('kubegate.featureGates must be a map of gate name to true/false; it is ignored.');
  }

  const severity = pick(src, 'severity');
  if (isRecord(severity)) {
    for (const [code, value] of Object.entries(severity)) {
      if (!isFindingCode(code)) {
        problems.push(`kubegate.severity: "${code}" is not a Kubegate finding code; it is ignored.`);
        continue;
      }
      if (typeof value === 'string' && (SEVERITY_OVERRIDES as readonly string[]).includes(value)) {
        s.severity[code as FindingCode] = value as SeverityOverride;
      } else {
        problems.push(`kubegate.severity.${code} must be one of ${SEVERITY_OVERRIDES.join(', ')}; it is ignored.`);
      }
    }
  } else if (severity !== undefined && severity !== null) {
    problems.push('kubegate.severity must be a map of finding code to severity; it is ignored.');
  }

  s.configFiles = stringList(pick(src, 'configFiles'), 'kubegate.configFiles', problems) ?? [];
  s.files = stringList(pick(src, 'files'), 'kubegate.files', problems) ?? [];

  const enabled = pick(src, 'cluster.enabled');
  if (typeof enabled === 'boolean') s.cluster.enabled = enabled;
  else if (enabled !== undefined && enabled !== null) problems.push('kubegate.cluster.enabled must be true or false; false is used.');
  const context = pick(src, 'cluster.context');
  if (typeof context === 'string') s.cluster.context = context.trim();
  else if (context !== undefined && context !== null) problems.push('kubegate.cluster.context must be a string; the current context is used.');

  const on = pick(src, 'enable');
  if (typeof on === 'boolean') s.enable = on;
  else if (on !== undefined && on !== null) problems.push('kubegate.enable must be true or false; true is used.');
  for (const f of FEATURE_SWITCHES) {
    const v = pick(src, `${f}.enable`);
    if (typeof v === 'boolean') s[f].enable = v;
    else if (v !== undefined && v !== null) problems.push(`kubegate.${f}.enable must be true or false; true is used.`);
  }
  const kubeconfig = pick(src, 'cluster.kubeconfig');
  if (typeof kubeconfig === 'string') s.cluster.kubeconfig = kubeconfig.trim();
  else if (kubeconfig !== undefined && kubeconfig !== null) problems.push('kubegate.cluster.kubeconfig must be a string (a file path); the default kubeconfig is used.');

  const packs = stringList(pick(src, 'customResources.packs'), 'kubegate.customResources.packs', problems) ?? [];
  for (const p of packs) {
    if (!parseSelection(p)) problems.push(`kubegate.customResources.packs: "${p}" is not understood (write e.g. "gateway-api@1.5 experimental"); it is ignored.`);
  }
  s.customResources = {
    packs: packs.filter((p) => parseSelection(p) !== undefined),
    crdFiles: stringList(pick(src, 'customResources.crdFiles'), 'kubegate.customResources.crdFiles', problems) ?? [],
  };

  const trace = pick(src, 'trace.server');
  if (typeof trace === 'string' && (TRACE_LEVELS as readonly string[]).includes(trace)) s.trace.server = trace as TraceLevel;
  else if (trace !== undefined && trace !== null) problems.push(`kubegate.trace.server must be one of ${TRACE_LEVELS.join(', ')}; off is used.`);

  if (s.kubernetesVersion === 'cluster' && !s.cluster.enabled) {
    problems.push(`kubegate.kubernetesVersion is "cluster" but kubegate.cluster.enabled is off; ${DEFAULT_VERSION} is used until the cluster is read.`);
  }
  return { settings: s, problems };
}
