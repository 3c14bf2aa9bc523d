// A CRD catalog built the first time a check needs a CRD. A file of built-in kinds never does, so it never reads,
// parses or derives the CRD bundles around it: one manifest beside megabytes of CRDs costs what it costs alone.
// A lookup of a group that no CRD source can define (mayDefine, a test of the texts without a parse) answers
// "none" without building; anything else builds the catalog exactly as it would have been built up front.
import type { CrdCatalog } from './catalog';

export interface LazyCatalog extends CrdCatalog {
  /** The catalog once something needed it; undefined before. */
  readonly built: CrdCatalog | undefined;
}

export function lazyCatalog(build: () => CrdCatalog, mayDefine?: (group: string) => boolean): LazyCatalog {
  let real: CrdCatalog | undefined;
  const get = (): CrdCatalog => (real ??= build());
  return {
    get built() {
      return real;
    },
    lookup: (group, kind) => (real || !mayDefine || mayDefine(group) ? get().lookup(group, kind) : undefined),
    all: () => get().all(),
    gatewayChannel: () => get().gatewayChannel(),
    channelRows: () => get().channelRows(),
    gatewayRelease: () => get().gatewayRelease(),
    experimentalDefinition: (group, kind) => get().experimentalDefinition(group, kind),
    controllerGates: () => get().controllerGates(),
    controllerGateSetting: (controller, gate) => get().controllerGateSetting(controller, gate),
    releaseOf: (project) => get().releaseOf(project),
    versionHistory: (group, kind, version) => get().versionHistory?.(group, kind, version),
    get notes() {
      return get().notes;
    },
  };
}

/**
 * The words of a text that may define CRDs (runs of letters, digits, `.`, `-` and `_`): a CRD of group G in this
 * text has G among them, since YAML writes a group as one scalar (an alias repeats its anchor's text, a block or
 * explicit key still holds it whole) and folding a scalar over lines puts a space in it (no valid group then). The
 * one other spelling is an escape in a double-quoted group: 'any' then. Undefined for a text that names no
 * CustomResourceDefinition.
 */
export function crdWords(text: string): Set<string> | 'any' | undefined {
  if (!/\bCustomResourceDefinition\b/.test(text)) return undefined;
  if (/\bgroup["']?[ \t]*:[ \t]*(?:(?:#.*)?\n[ \t]*)?"[^"\n]*\\/.test(text)) return 'any';
  const words = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z0-9._-]+/g)) words.add(m[0]);
  return words;
}
