// A CRD catalog built the first time a check needs a CRD. A file of built-in kinds never does, so it never reads,
// parses or derives the CRD bundles around it: one manifest beside megabytes of CRDs costs what it costs alone.
// A lookup of a group that no CRD source can define (mayDefine, a test of the texts without a parse) answers
// "none" without building; anything else builds the catalog exactly as it would have been built up front.
import type { CrdCatalog } from './catalog';
import { mayHoldCrd } from './workspace';

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

/** What a text says about the CRD groups it may define, filled in per group asked (mentionsGroup). */
export interface CrdMentions {
  /** It names CustomResourceDefinition. */
  crd: boolean;
  /** A group in it may be spelled with an escape: it may define any group. */
  any: boolean;
  asked: Map<string, boolean>;
}

export function crdMentions(text: string): CrdMentions {
  const crd = mayHoldCrd(text);
  return { crd, any: crd && /\bgroup["']?[ \t]*:[ \t]*(?:(?:#.*)?\n[ \t]*)?"[^"\n]*\\/.test(text), asked: new Map() };
}

/**
 * Whether `group` stands in the text as a word of its own (not inside a longer run of letters, digits, `.`, `-`,
 * `_`). A CRD of that group in the text always has it so: YAML writes a group as one scalar (an alias repeats its
 * anchor's text, a block scalar or explicit key still holds it whole), and folding a scalar over lines puts a space
 * in it (no valid group then). The one other spelling, an escape in a double-quoted group, is crdMentions's `any`.
 */
export function mentionsGroup(text: string, group: string): boolean {
  if (group === '') return false;
  for (let at = text.indexOf(group); at >= 0; at = text.indexOf(group, at + 1)) {
    if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + group.length))) return true;
  }
  return false;
}

/** A letter, digit, `.`, `-` or `_` (NaN, outside the text: no). */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 45 || c === 95;
}
