// What the walk of one document is given (version data, CRDs, ObjectMeta facts) and what it tells about a
// document it does not check: the reasons, and the apiVersion/kind it read.
import type { CrdCatalog } from '../api-extensions/catalog';
import type { BriefFacts, VersionData } from '../knowledge/data-contract';
import type { ObjectMetaFacts } from '../knowledge/object-meta';
import type { Range } from '../base/types';
import type { FilePlace } from '../base/types';

/** DocumentReport reasons, in words, of documents a finding says why they are not checked (their typed status is
 *  DocumentReport.status). */
export const REASON_SYNTAX = 'YAML syntax error';
export const REASON_UNKNOWN_KIND = 'unknown kind';
export const REASON_NOT_SERVED = 'API version not served';
export const REASON_TYPE_META = 'apiVersion or kind not set';
/** A document with no string apiVersion and kind where that is not refused (see typeMetaFinding). */
export const REASON_FRAGMENT = 'a fragment: no string apiVersion and kind';

export interface AnalyzeInputs {
  data: VersionData;
  brief?: BriefFacts;
  file?: string;
  /** CRDs for custom resources (engine/crd). */
  crds?: CrdCatalog;
  /** ObjectMeta validation facts (name rule per kind, label limits). */
  objectMeta?: ObjectMetaFacts;
  /** Where the file stands (a chart's file, a kustomization, …): check/place.ts. */
  place?: FilePlace;
}

export interface TypeMeta {
  apiVersion?: string;
  kind?: string;
  apiVersionRange?: Range;
  kindRange?: Range;
  kindKeyRange?: Range;
}
