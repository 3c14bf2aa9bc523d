// A CRD catalog built the first time a check needs a CRD. A file of built-in kinds never does, so it never reads,
// parses or derives the CRD bundles around it: one manifest beside megabytes of CRDs costs what it costs alone.
// A lookup of a group that no CRD source can define (mayDefine, a test of the texts without a parse) answers
// "none" without building; anything else builds the catalog exactly as it would have been built up front.
import { GATEWAY_GROUPS, type CrdCatalog } from './catalog';
import { mayHoldCrd } from './workspace';

/** One group of the Gateway API: a question about its channel or release is about all of them (gatewayGroupsOf). */
const GATEWAY_GROUP = [...GATEWAY_GROUPS][0]!;

export interface LazyCatalog extends CrdCatalog {
  /** The catalog once something needed it; undefined before. */
  readonly built: CrdCatalog | undefined;
}

/**
 * `mayDefine`: whether some source may define a group (a lookup of a group none may define answers "none" without
 * building). `asks`: told what each question is about (a group, or every group for questions about the whole
 * catalog) before it is answered; true when the catalog built so far no longer answers it (it was built from fewer
 * sources than the question needs), so it is built again.
 */
export function lazyCatalog(build: () => CrdCatalog, mayDefine?: (group: string) => boolean, asks?: (about: string | undefined) => boolean): LazyCatalog {
  let real: CrdCatalog | undefined;
  const get = (about?: string): CrdCatalog => {
    if (asks?.(about)) real = undefined;
    return (real ??= build());
  };
  return {
    get built() {
      return real;
    },
    lookup: (group, kind) => (real || !mayDefine || mayDefine(group) ? get(group).lookup(group, kind) : undefined),
    all: () => get().all(),
    gatewayChannel: () => get(GATEWAY_GROUP).gatewayChannel(),
    channelRows: () => get(GATEWAY_GROUP).channelRows(),
    gatewayRelease: () => get(GATEWAY_GROUP).gatewayRelease(),
    experimentalDefinition: (group, kind) => get(group).experimentalDefinition(group, kind),
    // The controller gates in use follow the Gateway API release found among the CRDs (catalog.ts choosePack).
    controllerGates: () => get(GATEWAY_GROUP).controllerGates(),
    controllerGateSetting: (controller, gate) => get(GATEWAY_GROUP).controllerGateSetting(controller, gate),
    releaseOf: (project) => get(GATEWAY_GROUP).releaseOf(project),
    versionHistory: (group, kind, version) => get(group).versionHistory?.(group, kind, version),
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
