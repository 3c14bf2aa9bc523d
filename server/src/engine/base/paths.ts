// Paths in the engine are the absolute paths the front ends give (the project's host): they are normalised and
// joined, never resolved against the process's working directory.
import * as path from 'node:path';

/** Whether a relative path (as path.relative gives it) leaves its base: `..` alone or as its first segment, or
 *  absolute (another drive). A name that merely starts with two dots (`..k8s/`, `..pod.yaml`) is an ordinary name
 *  inside. Either separator counts (a relative glob prefix is written with `/`). */
export function leavesBase(rel: string): boolean {
  return rel === '..' || rel.startsWith('../') || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
}

/** Whether `inner` is `outer` or inside it (both absolute). */
export function isWithin(outer: string, inner: string): boolean {
  return !leavesBase(path.relative(outer, inner));
}

/** The path without `.`/`..` segments or a trailing separator. */
export function normal(p: string): string {
  const n = path.normalize(p);
  return n.length > 1 && /[\\/]$/.test(n) && n !== path.parse(n).root ? n.slice(0, -1) : n;
}

/** `p` as written in a file of folder `dir`: itself when absolute, else joined to `dir`. */
export function inFolder(dir: string, p: string): string {
  return normal(path.isAbsolute(p) ? p : path.join(dir, p));
}

/** File names kustomize reads in a folder, in its order of preference. */
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'] as const;

/** Whether the file is a kustomization, by its name (kustomize reads it; nothing applies it to a cluster). */
export function isKustomizationFile(file: string | undefined): boolean {
  return file !== undefined && (KUSTOMIZATION_NAMES as readonly string[]).includes(path.basename(file));
}
