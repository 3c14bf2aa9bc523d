// Optional upstream description of a field from a connected cluster's OpenAPI v3 (what `kubectl explain` reads).
// The fetch is injected (the cluster module provides it, cached per cluster); offline, hovers carry no upstream prose.
import type { Position } from '../base/types';
import { hoverAt, type HoverOptions, type HoverResult } from './hover';

/** Description of a field (structural path, '' for the kind) or undefined when the cluster does not know it. */
export type DescriptionProvider = (apiVersion: string, kind: string, path: string) => Promise<string | undefined>;

export async function hoverWithClusterDescription(
  text: string,
  position: Position,
  options: HoverOptions,
  describe?: DescriptionProvider,
): Promise<HoverResult | null> {
  return withClusterDescription(hoverAt(text, position, options), describe);
}

/** A hover view with the cluster's description of its field or kind added, when the cluster has one. */
export async function withClusterDescription(result: HoverResult | null, describe?: DescriptionProvider): Promise<HoverResult | null> {
  if (!result || !result.target || !describe) return result;
  let description: string | undefined;
  try {
    description = await describe(result.target.apiVersion, result.target.kind, result.target.path);
  } catch {
    description = undefined; // the cluster is optional: a failed read leaves the offline view
  }
  if (!description) return result;
  return { ...result, markdown: `${result.markdown}\n\n---\n\n*From the cluster's OpenAPI:*\n\n${description}` };
}
