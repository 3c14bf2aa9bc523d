// Kubernetes version text → major and minor: `1.35`, `v1.35.2`, `v1.36.0-alpha.1`, `v1.35.2-gke.100`.
// One parser with three forms, for the places that accept different amounts of text. Imports only the engine's
// plain types, so the settings contract (bundled into the VS Code client) and the cluster adapter use it too.
import { SUPPORTED_VERSIONS, type KubeVersion } from './types';

export interface MajorMinor {
  major: number;
  minor: number;
}

/**
 * How much text a version may be:
 * - `release`: `1.36`, `v1.36`, `1.36.2`, `v1.36.2` — digits as Kubernetes writes them (no leading zeros);
 * - `tagged`: a release with an optional pre-release or build suffix (`1.37.0-alpha.1`, `v1.36.2+abc`);
 * - `prefix`: any text that starts with `major.minor` (`v1.36.4-eks-1234`, a gitVersion or image tag).
 */
export type VersionForm = 'release' | 'tagged' | 'prefix';

const FORMS: Record<VersionForm, RegExp> = {
  release: /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)(?:\.\d+)?$/,
  tagged: /^v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+][0-9A-Za-z.-]*)?$/,
  prefix: /^v?(\d+)\.(\d+)/,
};

/** Major and minor of a version text (surrounding white space ignored); undefined when it is not of the form. */
export function parseMajorMinor(text: string, form: VersionForm): MajorMinor | undefined {
  const m = FORMS[form].exec(text.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : undefined;
}

/** `major.minor` of a version text (`v1.36.2` → `1.36`); undefined when it is not of the form. */
export function minorText(text: string, form: VersionForm): string | undefined {
  const v = parseMajorMinor(text, form);
  return v ? `${v.major}.${v.minor}` : undefined;
}

/**
 * Order of two dotted version texts (`1.9` < `1.10`, `v1.36` = `1.36`, a missing part counts as 0): negative,
 * zero or positive, for sort.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split('.').map(Number);
  const pb = b.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The supported version a version text names (`v1.37.2` → `1.37`); undefined when unsupported or not of the form. */
export function supportedVersion(text: string, form: VersionForm = 'tagged'): KubeVersion | undefined {
  const minor = minorText(text, form);
  return minor !== undefined && (SUPPORTED_VERSIONS as readonly string[]).includes(minor) ? (minor as KubeVersion) : undefined;
}

/** The version as a message names it: `1.38 preview` when the fact comes from a development preview of it. */
export function versionWords(version: string, fact: { preview?: true } | undefined): string {
  return fact?.preview ? `${version} preview` : version;
}
