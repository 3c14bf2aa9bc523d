// Maps what a cluster's /version answers to the Kubernetes minor the engine should check against.
// Pure. The supported versions come from the engine's contract (engine/base/types.ts), never from here.
import { parseMajorMinor, SUPPORTED_VERSIONS, type KubeVersion, type MajorMinor } from '../engine';

/** The fields of the /version answer (version.Info) this module reads. */
export interface VersionInfo {
  major?: string;
  minor?: string;
  gitVersion?: string;
}

export interface VersionTarget {
  /** "1.37", the cluster's minor as reported (undefined when it cannot be read). */
  clusterMinor?: string;
  /** The supported minor to check against; undefined when the version could not be read. */
  target?: KubeVersion;
  /** Set when the target differs from the cluster's minor or the version could not be read. */
  note?: string;
}

/** "v1.37.2", "v1.38.0-alpha.1+abc", "v1.36.4-eks-1234" → { major: 1, minor: 37 }. */
export function parseGitVersion(gitVersion: string): MajorMinor | undefined {
  return parseMajorMinor(gitVersion, 'prefix');
}

/** Reads major/minor from gitVersion, else from the `major`/`minor` fields (some providers report "37+"). */
export function clusterMinorOf(info: VersionInfo): MajorMinor | undefined {
  if (typeof info.gitVersion === 'string') {
    const parsed = parseGitVersion(info.gitVersion);
    if (parsed) return parsed;
  }
  const major = Number.parseInt(String(info.major ?? ''), 10);
  const minor = Number.parseInt(String(info.minor ?? ''), 10);
  if (Number.isFinite(major) && Number.isFinite(minor)) return { major, minor };
  return undefined;
}

function minorNumber(v: KubeVersion): number {
  return parseMajorMinor(v, 'release')!.minor;
}

/**
 * The supported version to target for a cluster: its own minor when supported; the newest supported one
 * (with a note) for a newer cluster; the oldest supported one (with a note) for an older cluster.
 */
export function targetForCluster(info: VersionInfo, supported: readonly KubeVersion[] = SUPPORTED_VERSIONS): VersionTarget {
  const parsed = clusterMinorOf(info);
  const shown = typeof info.gitVersion === 'string' && info.gitVersion !== '' ? info.gitVersion : 'an unreadable version';
  if (!parsed || parsed.major !== 1) {
    return { note: `The cluster reports ${shown}; Kubegate cannot map it to a Kubernetes 1.x minor, so the target version is unchanged.` };
  }
  const clusterMinor = `${parsed.major}.${parsed.minor}`;
  const exact = supported.find((v) => v === clusterMinor);
  if (exact) return { clusterMinor, target: exact };
  const sorted = [...supported].sort((a, b) => minorNumber(a) - minorNumber(b));
  const oldest = sorted[0];
  const newest = sorted[sorted.length - 1];
  if (parsed.minor > minorNumber(newest)) {
    return {
      clusterMinor,
      target: newest,
      note: `The cluster runs ${shown} (${clusterMinor}), newer than the newest version Kubegate knows; checking against ${newest}. Fields and gates added after ${newest} are not known.`,
    };
  }
  return {
    clusterMinor,
    target: oldest,
    note: `The cluster runs ${shown} (${clusterMinor}), older than the oldest version Kubegate knows; checking against ${oldest}. Fields that ${clusterMinor} lacks may not be reported.`,
  };
}
