// The kustomization files a project finds around its files: each candidate path read once (most are absent) while
// the host's version of it is the same (a host without versions: for the project's life), and, for a host without
// versions, the kustomizations above each folder found once for all its files.
import * as path from 'node:path';
import { findKustomizations } from '../kustomize/discover';
import type { KustomizationText } from '../kustomize/kustomization';
import type { ProjectHost } from './host';
import { normal } from '../base/paths';

export interface KustomizeAccess {
  host: ProjectHost;
  /** A file's text when it may be read for this root (inside it once links are followed). */
  read(file: string, root: string): string | undefined;
  note(message: string): void;
}

/** Entries kept per map at most (a long session's folders). */
const MAX_KEPT = 4096;

export class KustomizationsFound {
  private readonly texts = new Map<string, { version?: string; text: string | undefined }>();
  private readonly above = new Map<string, KustomizationText[]>();

  constructor(private readonly access: KustomizeAccess) {}

  /** A kustomization file changed, appeared or went away. */
  forget(): void {
    this.texts.clear();
    this.above.clear();
  }

  read(file: string, root: string): string | undefined {
    const { host } = this.access;
    const version = host.versionOf?.(file);
    const key = `${root}\u0000${file}`;
    const hit = this.texts.get(key);
    if (hit && (!host.versionOf || hit.version === version)) return hit.text;
    const text = this.access.read(file, root);
    if (this.texts.size > MAX_KEPT) this.texts.clear();
    this.texts.set(key, { ...(version !== undefined ? { version } : {}), text });
    return text;
  }

  /** The kustomizations of the file's folder and the ones above it (kustomize/discover.ts). */
  near(file: string, root: string, maxDepth?: number): KustomizationText[] {
    const find = () => findKustomizations(file, root, (f) => this.read(f, root), maxDepth);
    if (this.access.host.versionOf) return find();
    const key = `${root}\u0000${path.dirname(normal(file))}\u0000${maxDepth ?? ''}`;
    let near = this.above.get(key);
    if (!near) {
      near = find();
      if (this.above.size > MAX_KEPT) this.above.clear();
      this.above.set(key, near);
    }
    return near;
  }
}
