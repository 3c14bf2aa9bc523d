// Where each file of a project stands (check/place.ts): a kustomization, a Helm chart's file (the nearest folder
// with a Chart.yaml, never above the root), or a YAML file of a kustomize tree that no kustomization names. The
// chart of each folder is kept until something changes.
import * as path from 'node:path';
import type { ChartRef, FilePlace } from '../base/types';
import { chartNameOf, chartPart, placeByName } from '../check/place';
import { looksLikeManifest } from '../check/text-markers';
import type { KustomizeFacts } from '../kustomize/facts';
import type { ProjectHost } from './host';
import type { KustomizeScope } from './kustomize-scope';
import { isWithin } from '../base/paths';

/** Template files of one chart counted for the editor's status. */
const MAX_CHART_TEMPLATES = 10_000;

export class FilePlaces {
  /** Per folder, the chart it belongs to (null: none). */
  private readonly charts = new Map<string, ChartRef | null>();

  constructor(
    private readonly host: ProjectHost,
    /** A file's text when it may be read for this root. */
    private readonly read: (file: string, root: string) => string | undefined,
    private readonly kustomize: KustomizeScope,
  ) {}

  forget(): void {
    this.charts.clear();
  }

  /** Where `file` stands (check/place.ts): a kustomization, a chart's file (the nearest folder with a Chart.yaml,
   *  never above the root), or a YAML file of a kustomize tree that no kustomization names. */
  placeOf(file: string, root: string, kustomize: KustomizeFacts | undefined, text?: string): FilePlace | undefined {
    const byName = placeByName(file);
    if (byName?.as === 'kustomization') return byName;
    const chart = this.chartOf(path.dirname(file), root);
    const part = chart ? chartPart(path.relative(chart.dir, file)) : undefined;
    if (chart && part) return { as: part, chart };
    // Only a manifest (a top-level apiVersion and kind) is a leftover of a kustomize tree: a tool's config is not.
    if (kustomize || !/\.(?:ya?ml|json)$/i.test(file) || !looksLikeManifest(text ?? this.read(file, root) ?? '')) return undefined;
    const owner = this.kustomize.unusedOwner(file, root);
    return owner ? { as: 'kustomize-unused', kustomization: owner } : undefined;
  }

  /** The chart a folder belongs to: the nearest folder with a Chart.yaml, its own first, never above the root. */
  private chartOf(dir: string, root: string): ChartRef | undefined {
    const hit = this.charts.get(dir);
    if (hit !== undefined) return hit ?? undefined;
    let found: ChartRef | null = null;
    const chartYaml = path.join(dir, 'Chart.yaml');
    if (this.host.kind(chartYaml) === 'file') found = { name: chartNameOf(this.read(chartYaml, root), dir), dir, templates: this.templatesIn(path.join(dir, 'templates')) };
    else if (dir !== root && isWithin(root, dir) && path.dirname(dir) !== dir) found = this.chartOf(path.dirname(dir), root) ?? null;
    if (this.charts.size > 4096) this.charts.clear();
    this.charts.set(dir, found);
    return found ?? undefined;
  }

  /** The manifest templates below a chart's `templates/` folder (what `helm template` renders into objects), counted
   *  up to MAX_CHART_TEMPLATES files in folders at most 8 levels deep. */
  private templatesIn(dir: string): number {
    let count = 0;
    const walk = (d: string, depth: number): void => {
      for (const name of this.host.listDir(d)) {
        if (count >= MAX_CHART_TEMPLATES) return;
        const full = path.join(d, name);
        const kind = this.host.kind(full);
        if (kind === 'dir' && depth < 8) walk(full, depth + 1);
        else if (kind === 'file' && !name.startsWith('_') && /\.(?:ya?ml|json)$/i.test(name)) count++;
      }
    };
    if (this.host.kind(dir) === 'dir') walk(dir, 0);
    return count;
  }
}
