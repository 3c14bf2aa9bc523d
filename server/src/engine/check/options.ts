// What one check of a text is given: the Kubernetes version, the gate environment from outside the file, the
// file's name, CRDs and kustomize facts, and how to read the text.
import type { CrdCatalog } from '../api-extensions/catalog';
import type { CrdFileFacts } from '../api-extensions/workspace';
import type { KustomizeFacts } from '../kustomize/facts';
import type { GateEnvironment } from '../model';
import type { FilePlace, KubeVersion } from '../base/types';

export interface CheckOptions {
  version: KubeVersion;
  /** Gate knowledge from outside the file (settings, cluster, repo configs). */
  environment?: GateEnvironment;
  /** Path or URI of the file, for evidence and messages. */
  file?: string;
  /** CRDs for custom resources (engine/crd: cluster, workspace, bundled pack); absent = custom resources not checked. */
  crds?: CrdCatalog;
  /** Where the file stands (a chart's file, a kustomization, a kustomize file no kustomization uses), from the
   *  folders around it (project model); undefined: from the file's name alone (check/place.ts placeByName). */
  place?: FilePlace;
  /** What kustomize makes of this file (a resource or a patch of a kustomization); engine/kustomize. */
  kustomize?: KustomizeFacts;
  /** Read the text as JSON (undefined: when it opens with `{`, as kubectl decides). */
  json?: boolean;
  /** The file holds fragments (undefined: its `# kubegate: fragment` comment decides). */
  fragment?: boolean;
  /** Also report disable comments (or codes in them) that silence nothing (`--report-unused-disables`). */
  reportUnusedDisables?: boolean;
  /** Where the file's own CRDs go when the check reads them from the documents it parses anyway (the project
   *  keeps them per file text, so a CRD bundle that is checked is not parsed again for its folder's catalog). */
  ownCrdFacts?: {
    /** The file as the project names it (the facts name it so). */
    file: string;
    take(text: string, facts: CrdFileFacts): void;
  };
}
