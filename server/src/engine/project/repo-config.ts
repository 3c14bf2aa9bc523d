// `.kubegate.yaml`: the repository's Kubegate settings, read by the CLI and the language server alike through the
// project model (repo-settings.ts finds the one governing a file). Keys use the vocabulary of the editor settings
// (kubernetesVersion, featureGates, severity, files, configFiles) plus `ignore`; `version` is the format version of
// the file (1). Parsing is pure. Globs are matched relative to the folder holding the file, in bounded time
// whatever the pattern (engine/base/glob-match.ts; a glob turned into a regular expression backtracks exponentially on
// `*a*a…*b`).
import * as path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml';
import { DEFAULT_VERSION, SUPPORTED_VERSIONS, type KubeVersion } from '../base/types';
import type { FindingCode } from '../codes/finding';
import { ALL_CODES } from '../codes';
import { SEVERITY_OVERRIDE_LEVELS as SEVERITY_OVERRIDES, type SeverityOverride } from '../codes/severity-overrides';
import { addDuplicateKeyErrors } from '../parse/parseFile';
import { compileGlob, globMatches } from '../base/glob-match';
import { supportedVersion } from '../base/kube-version';
import { closestName } from '../base/similar-names';
import { leavesBase } from '../base/paths';

const FINDING_CODES: readonly FindingCode[] = ALL_CODES;

export const REPO_CONFIG_NAME = '.kubegate.yaml';
const REPO_CONFIG_FORMAT = 1;

export interface RepoConfig {
  /** The file it was read from. */
  file: string;
  /** Folder of the file: globs are relative to it. */
  dir: string;
  kubernetesVersion?: KubeVersion;
  featureGates: Record<string, boolean>;
  severity: Partial<Record<FindingCode, SeverityOverride>>;
  /** Globs of files to check (empty: every *.yaml / *.yml). */
  files: string[];
  /** Globs of files never checked. */
  ignore: string[];
  /** Globs (or paths) of the cluster configs that say which gates are on. */
  configFiles: string[];
  /** Custom resources: bundled CRD pack selections and CRD file globs (like kubegate.customResources). */
  customResources?: { packs: string[]; crdFiles: string[] };
  /** CLI failure policy (`--fail-on`, `--max-warnings`, `--fail-on-unchecked`); the server ignores them. */
  failOn?: FailOnLevel;
  maxWarnings?: number;
  /** `fail`: documents that were not checked fail the run; `report` (default): they are listed and counted. */
  unchecked?: UncheckedPolicy;
  /** Kinds (`Secret`) or apiVersion/kind (`v1/Secret`, `apps/v1/Deployment`) whose documents are skipped. */
  skipKinds: string[];
  /** CLI: a run from its folder applies it to every file, like `--settings` (nested settings files refused). */
  pin?: boolean;
}

/** The `--fail-on` levels (also `failOn` of `.kubegate.yaml`). */
export const FAIL_ON_LEVELS = ['error', 'warning', 'information', 'never'] as const;
export type FailOnLevel = (typeof FAIL_ON_LEVELS)[number];
const UNCHECKED_POLICIES = ['report', 'fail'] as const;
type UncheckedPolicy = (typeof UNCHECKED_POLICIES)[number];

interface RepoConfigResult {
  config: RepoConfig;
  /** `file:line: message` per problem; a config with problems must not be used silently. */
  problems: string[];
}

/** Entries of one list (files, ignore, configFiles, customResources.*) at most: a longer list is refused. */
const MAX_LIST_ENTRIES = 1000;

const KEYS = [
  'version',
  'kubernetesVersion',
  'featureGates',
  'severity',
  'files',
  'ignore',
  'configFiles',
  'customResources',
  'failOn',
  'maxWarnings',
  'unchecked',
  'skipKinds',
  'pin',
] as const;

function emptyConfig(file: string): RepoConfig {
  return { file, dir: path.dirname(file), featureGates: {}, severity: {}, files: [], ignore: [], configFiles: [], skipKinds: [] };
}

/** Why a glob cannot be used (an unclosed `{` or `[`, …), or undefined. */
function globProblem(glob: string): string | undefined {
  const c = compileGlob(glob);
  return c.ok ? undefined : `"${glob}" is not a valid glob pattern (${c.problem})`;
}

/** A test of a path against globs (whole relative paths; invalid patterns match nothing). */
function globTest(globs: string[]): (p: string) => boolean {
  const compiled = globs.flatMap((g) => {
    const c = compileGlob(g);
    return c.ok ? [c.glob] : [];
  });
  return (p) => compiled.some((g) => globMatches(g, p, { matchBase: false }));
}

/** Parses and validates the text of a `.kubegate.yaml`. Never throws. */
export function parseRepoConfig(text: string, file: string): RepoConfigResult {
  const config = emptyConfig(file);
  const problems: string[] = [];
  const lineCounter = new LineCounter();
  // The linear duplicate-key check (the parser's own compares every key with every earlier one).
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  addDuplicateKeyErrors(doc);
  const at = (node: Node | Pair | null | undefined): string => {
    const range = node && 'range' in node ? node.range : node && 'key' in node ? (node.key as Node | null)?.range : undefined;
    const line = range ? lineCounter.linePos(range[0]).line : 1;
    return `${file}:${line}`;
  };
  if (doc.errors.length > 0) {
    for (const e of doc.errors) problems.push(`${file}:${lineCounter.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`);
    return { config, problems };
  }
  const root = doc.contents;
  if (root === null || (isScalar(root) && (root.value === null || root.value === ''))) return { config, problems };
  if (!isMap(root)) {
    problems.push(`${file}:1: must be a map of settings (${KEYS.join(', ')})`);
    return { config, problems };
  }
  const stringList = (value: unknown, key: string, node: Node | null): string[] => {
    const out: string[] = [];
    if (!isSeq(node)) {
      if (isScalar(node) && typeof node.value === 'string') {
        // One pattern written as a string: read as a list of it, checked as any entry.
        const p = globProblem(node.value);
        if (p) problems.push(`${at(node)}: ${key}: ${p}`);
        return p || node.value.trim() === '' ? [] : [node.value];
      }
      problems.push(`${at(node)}: ${key} must be a list of glob patterns`);
      return out;
    }
    if (node.items.length > MAX_LIST_ENTRIES) {
      problems.push(`${at(node)}: ${key} has ${node.items.length} entries; at most ${MAX_LIST_ENTRIES} are read (merge globs with {a,b} or **)`);
      return out;
    }
    for (const item of node.items) {
      if (!isScalar(item) || typeof item.value !== 'string' || item.value.trim() === '') {
        problems.push(`${at(item as Node)}: ${key} entries must be non-empty strings`);
        continue;
      }
      const p = globProblem(item.value);
      if (p) problems.push(`${at(item as Node)}: ${key}: ${p}`);
      else out.push(item.value);
    }
    void value;
    return out;
  };
  for (const pair of root.items) {
    const keyNode = pair.key as Node | null;
    const key = isScalar(keyNode) ? String(keyNode.value) : '';
    const value = pair.value as Node | null;
    const where = at(keyNode ?? value);
    switch (key) {
      case 'version': {
        const v = isScalar(value) ? value.value : undefined;
        if (v !== REPO_CONFIG_FORMAT && v !== String(REPO_CONFIG_FORMAT)) {
          problems.push(`${where}: version is the format version of this file and must be ${REPO_CONFIG_FORMAT} (the Kubernetes version goes in kubernetesVersion)`);
        }
        break;
      }
      case 'kubernetesVersion': {
        const raw = isScalar(value) ? String(value.value ?? '') : '';
        const v = supportedVersion(raw, 'release');
        if (v) config.kubernetesVersion = v;
        else problems.push(`${where}: kubernetesVersion "${raw}" is not supported; use one of ${SUPPORTED_VERSIONS.join(', ')} (default ${DEFAULT_VERSION})`);
        break;
      }
      case 'featureGates': {
        if (!isMap(value)) {
          problems.push(`${where}: featureGates must be a map of gate name to true/false`);
          break;
        }
        for (const g of value.items) {
          const name = isScalar(g.key) ? String(g.key.value) : '';
          const v = isScalar(g.value) ? g.value.value : undefined;
          if (typeof v === 'boolean') config.featureGates[name] = v;
          else if (v === 'true' || v === 'false') config.featureGates[name] = v === 'true';
          else problems.push(`${at(g.key as Node)}: featureGates.${name} must be true or false`);
        }
        break;
      }
      case 'severity': {
        if (!isMap(value)) {
          problems.push(`${where}: severity must be a map of finding code to ${SEVERITY_OVERRIDES.join('|')}`);
          break;
        }
        for (const s of value.items) {
          const code = isScalar(s.key) ? String(s.key.value) : '';
          const level = isScalar(s.value) ? String(s.value.value) : '';
          if (!(FINDING_CODES as string[]).includes(code)) {
            const hint = closestName(code, FINDING_CODES);
            problems.push(`${at(s.key as Node)}: severity: "${code}" is not a Kubegate finding code${hint ? ` (did you mean ${hint}?)` : ''}`);
          } else if (!(SEVERITY_OVERRIDES as readonly string[]).includes(level)) {
            problems.push(`${at(s.key as Node)}: severity.${code} must be one of ${SEVERITY_OVERRIDES.join(', ')}, not "${level}"`);
          } else config.severity[code as FindingCode] = level as SeverityOverride;
        }
        break;
      }
      case 'files':
      case 'ignore':
      case 'configFiles':
        config[key] = stringList(undefined, key, value);
        break;
      case 'failOn':
      case 'unchecked': {
        const allowed: readonly string[] = key === 'failOn' ? FAIL_ON_LEVELS : UNCHECKED_POLICIES;
        const raw = isScalar(value) ? String(value.value ?? '') : '';
        if (!allowed.includes(raw)) problems.push(`${where}: ${key} must be one of ${allowed.join(', ')}, not "${raw}"`);
        else if (key === 'failOn') config.failOn = raw as FailOnLevel;
        else config.unchecked = raw as UncheckedPolicy;
        break;
      }
      case 'maxWarnings': {
        const raw = isScalar(value) ? value.value : undefined;
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
        if (!Number.isInteger(n) || n < 0) problems.push(`${where}: maxWarnings must be a whole number (0 or more), not "${String(raw)}"`);
        else config.maxWarnings = n;
        break;
      }
      case 'skipKinds': {
        const list = isSeq(value) ? value.items : [value];
        for (const item of list) {
          const raw = isScalar(item) && typeof item.value === 'string' ? item.value.trim() : '';
          const p = kindSelectorProblem(raw);
          if (p) problems.push(`${at(item as Node)}: skipKinds: ${p}`);
          else config.skipKinds.push(raw);
        }
        break;
      }
      case 'pin':
        if (isScalar(value) && typeof value.value === 'boolean') config.pin = value.value;
        else problems.push(`${where}: pin must be true or false`);
        break;
      case 'customResources': {
        if (!isMap(value)) {
          problems.push(`${where}: customResources must be a map with packs and crdFiles (lists)`);
          break;
        }
        const cr = { packs: [] as string[], crdFiles: [] as string[] };
        for (const item of value.items) {
          const sub = isScalar(item.key) ? String(item.key.value) : '';
          if (sub === 'packs' || sub === 'crdFiles') cr[sub] = stringList(undefined, `customResources.${sub}`, item.value as Node | null);
          else problems.push(`${at(item.key as Node)}: customResources: unknown key "${sub}"; known keys: packs, crdFiles`);
        }
        config.customResources = cr;
        break;
      }
      default: {
        const hint = closestName(key, KEYS);
        problems.push(`${where}: unknown key "${key}"${hint ? ` (did you mean ${hint}?)` : ''}; known keys: ${KEYS.join(', ')}`);
      }
    }
  }
  return { config, problems };
}

/** Why a `--skip-kind` / `skipKinds` entry is not usable: a kind (`Secret`) or apiVersion/kind (`v1/Secret`,
 *  `apps/v1/Deployment`). */
export function kindSelectorProblem(raw: string): string | undefined {
  if (/^(?:[A-Za-z0-9.-]+\/)?(?:[A-Za-z0-9-]+\/)?[A-Za-z][A-Za-z0-9]*$/.test(raw)) return undefined;
  return `"${raw}" is not a kind (Secret) or apiVersion/kind (v1/Secret, apps/v1/Deployment)`;
}

/** Whether a document of `apiVersion` and `kind` is selected by a kind selector (case of the kind as written). */
export function kindSelected(selectors: readonly string[], apiVersion: string | undefined, kind: string | undefined): boolean {
  if (!kind) return false;
  return selectors.some((s) => {
    const slash = s.lastIndexOf('/');
    if (slash < 0) return s === kind;
    return s.slice(slash + 1) === kind && s.slice(0, slash) === apiVersion;
  });
}

/** Why a file is not checked by the config's `files` / `ignore` globs (for a note), or undefined when it is. */
export function exclusionOf(config: RepoConfig, file: string): string | undefined {
  const rel = relativeTo(config, file);
  if (rel === undefined) return undefined;
  const m = matcherOf(config);
  if (m.ignore && m.ignore(rel)) {
    const glob = config.ignore.find((g) => globTest([g])(rel));
    return `matches ignore${glob ? ` "${glob}"` : ''} of ${REPO_CONFIG_NAME}`;
  }
  if (m.files && !m.files(rel)) return `matches no files glob of ${REPO_CONFIG_NAME} (${config.files.map((g) => `"${g}"`).join(', ')})`;
  return undefined;
}

/** Relative path of `file` to the config's folder with forward slashes, or undefined when outside it. */
function relativeTo(config: RepoConfig, file: string): string | undefined {
  const rel = path.relative(config.dir, path.normalize(file));
  if (leavesBase(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

const matchers = new WeakMap<RepoConfig, { files?: (p: string) => boolean; ignore?: (p: string) => boolean }>();

function matcherOf(config: RepoConfig) {
  let m = matchers.get(config);
  if (!m) {
    m = {
      files: config.files.length ? globTest(config.files) : undefined,
      ignore: config.ignore.length ? globTest(config.ignore) : undefined,
    };
    matchers.set(config, m);
  }
  return m;
}

/** Whether the config's `ignore` globs exclude `file`. */
export function isIgnored(config: RepoConfig, file: string): boolean {
  const rel = relativeTo(config, file);
  const m = matcherOf(config);
  return rel !== undefined && !!m.ignore && m.ignore(rel);
}

/** Whether a file found in a folder is a manifest by its name: the extensions `kubectl apply -R` reads (.json,
 *  .yaml, .yml: kubernetes/cli-runtime pkg/resource/builder.go, FileExtensions). */
export function isManifestName(file: string): boolean {
  return /\.(?:ya?ml|json)$/i.test(file);
}

/** Whether a file found in a folder is checked: not ignored, and matching `files` (default: a manifest name). */
export function isWantedFile(config: RepoConfig, file: string): boolean {
  if (isIgnored(config, file)) return false;
  const m = matcherOf(config);
  if (!m.files) return isManifestName(file);
  const rel = relativeTo(config, file);
  return rel !== undefined && m.files(rel);
}

/** Paths of the config files the `configFiles` globs name, among `candidates` (absolute or relative to cwd). */
function matchesConfigFiles(config: RepoConfig, file: string): boolean {
  if (config.configFiles.length === 0) return false;
  const rel = relativeTo(config, file);
  return rel !== undefined && globTest(config.configFiles)(rel);
}
