// The kustomization files that may name a file: one per folder (kustomization.yaml, .yml or Kustomization),
// in the file's folder and each ancestor up to the root, nearest first. File access is injected.
import * as path from 'path';
import { leavesBase, normal } from '../base/paths';
import { KUSTOMIZATION_NAMES, type KustomizationText } from './kustomization';

export function findKustomizations(
  file: string,
  root: string | undefined,
  readFile: (file: string) => string | undefined,
  maxDepth = 8,
): KustomizationText[] {
  const out: KustomizationText[] = [];
  const top = root ? normal(root) : undefined;
  let dir = path.dirname(normal(file));
  for (let depth = 0; depth < maxDepth; depth++) {
    for (const name of KUSTOMIZATION_NAMES) {
      const p = path.join(dir, name);
      const text = readFile(p);
      if (text !== undefined) {
        out.push({ path: p, text });
        break;
      }
    }
    if (!top || dir === top) break;
    const rel = path.relative(top, dir);
    if (leavesBase(rel)) break;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return out;
}
