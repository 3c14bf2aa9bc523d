// Where a file stands, decided from its path and the folders around it before any rule runs (the project model
// finds the folders: project/place.ts; a check without a project knows the file's name only):
//   - a Helm chart's file: its folder or an ancestor holds `Chart.yaml`. Helm's loader reads `Chart.yaml`,
//     `Chart.lock`, `requirements.yaml`/`.lock` (chart metadata), `values.yaml` (the defaults; `values-*.yaml`
//     beside it and chart-testing's `ci/*.yaml` are values files given with `-f`) and every file under
//     `templates/` as a template; `crds/` holds plain objects, checked as such. Source: helm/helm,
//     pkg/chart/v2/loader/load.go, commit 02d070ebdc2f9dc4553898d00d1ed998fe339bca, LoadFiles;
//   - a kustomization (`kustomization.yaml`, `kustomization.yml`, `Kustomization`): kustomize's input;
//   - a file under a folder a kustomization owns that no kustomization of the repository names (a scaffolded patch
//     left behind): not a complete object (project/kustomize-scope.ts).
import { KUSTOMIZATION_NAMES } from '../kustomize/kustomization';
import type { DocumentReport, DocumentStatus, FileClass, FilePlace, FileTaken } from '../base/types';
import type { KustomizeFacts } from '../kustomize/facts';

const CHART_METADATA = new Set(['Chart.yaml', 'Chart.lock', 'requirements.yaml', 'requirements.lock']);
const VALUES = /^values(?:[-_.][^/\\]*)?\.ya?ml$/;

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

function dirName(file: string): string {
  const at = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return at <= 0 ? file.slice(0, at + 1) : file.slice(0, at);
}

/** What a file's name alone says: a kustomization, or a chart's Chart.yaml (its chart named for its folder). */
export function placeByName(file: string): FilePlace | undefined {
  const name = baseName(file);
  if ((KUSTOMIZATION_NAMES as readonly string[]).includes(name)) return { as: 'kustomization' };
  if (name === 'Chart.yaml') return { as: 'chart-metadata', chart: { name: baseName(dirName(file)) || name, dir: dirName(file) } };
  return undefined;
}

/** The part of a chart a file is, from its path relative to the chart's folder (`/`-separated); undefined for a
 *  file the chart holds as it is (crds/, files/, README). */
export function chartPart(relative: string): 'chart-template' | 'chart-metadata' | 'chart-values' | undefined {
  const parts = relative.split(/[/\\]/);
  if (parts[0] === 'templates' && parts.length > 1) return 'chart-template';
  if (parts.length === 1 && CHART_METADATA.has(parts[0]!)) return 'chart-metadata';
  if (parts.length === 1 && VALUES.test(parts[0]!)) return 'chart-values';
  if (parts[0] === 'ci' && parts.length === 2 && /\.ya?ml$/.test(parts[1]!)) return 'chart-values';
  return undefined;
}

/** A chart's name: the `name:` line of its Chart.yaml, else its folder's name. */
export function chartNameOf(chartYaml: string | undefined, dir: string): string {
  const m = chartYaml === undefined ? null : /^name:[ \t]*["']?([^"'\s#]+)/m.exec(chartYaml);
  return m?.[1] ?? baseName(dir);
}

/** What a file was taken for, in a few words (the CLI's notes, the editor's status). */
export function takenPhrase(taken: FileTaken): string {
  switch (taken.as) {
    case 'manifest': return 'Kubernetes objects';
    case 'kustomize-resource': return 'a kustomize resource';
    case 'kustomize-patch': return 'a kustomize patch';
    case 'kustomize-unused': return 'a kustomize file no kustomization uses';
    case 'kustomization': return 'a kustomization';
    case 'chart-template': return `a template of chart ${taken.chart?.name ?? ''}`.trimEnd();
    case 'chart-metadata': return `chart metadata${taken.chart ? ` (chart ${taken.chart.name})` : ''}`;
    case 'chart-values': return `chart values${taken.chart ? ` (chart ${taken.chart.name})` : ''}`;
    case 'template': return 'a template (Go/Helm or placeholders)';
    case 'component-config': return 'a component config';
    case 'not-kubernetes': return 'not Kubernetes';
  }
}

/** Whether a file of this class is judged as Kubernetes objects (the others get a note saying what they were taken for). */
export function isJudged(as: FileClass): boolean {
  return as === 'manifest' || as === 'kustomize-resource' || as === 'kustomize-patch' || as === 'component-config';
}

/** The place a check uses: the one given, else what the file's name says. */
export function placeOf(options: { place?: FilePlace; file?: string }): FilePlace | undefined {
  return options.place ?? (options.file ? placeByName(options.file) : undefined);
}

/** A kustomize file no kustomization uses is read as a patch: not a complete object (nothing it leaves out is
 *  missing), its fields still checked. */
export function kustomizeFactsOf(options: { kustomize?: KustomizeFacts; place?: FilePlace }): KustomizeFacts | undefined {
  if (options.kustomize) return options.kustomize;
  const place = options.place;
  return place?.as === 'kustomize-unused' ? { role: 'patch', kustomization: place.kustomization, injected: [] } : undefined;
}

const NO_OBJECT: ReadonlySet<DocumentStatus> = new Set(['not-kubernetes', 'fragment', 'empty']);

/** What a file was taken for from its place and kustomize role alone (before any check), or undefined for a file
 *  that only its documents can say. */
export function takenByPlace(options: { place?: FilePlace; kustomize?: KustomizeFacts; file?: string }): FileTaken | undefined {
  const taken = takenOf(placeOf(options), kustomizeFactsOf(options), []);
  return taken.as === 'manifest' ? undefined : taken;
}

/** What a file was taken for, from its place, its kustomize role and its documents. */
export function takenOf(place: FilePlace | undefined, kustomize: KustomizeFacts | undefined, documents: readonly DocumentReport[]): FileTaken {
  if (place) return place.as === 'kustomization' ? { as: 'kustomization' } : place.as === 'kustomize-unused' ? { as: place.as, kustomization: place.kustomization } : { as: place.as, chart: place.chart };
  if (kustomize) return { as: kustomize.role === 'patch' ? 'kustomize-patch' : 'kustomize-resource', kustomization: kustomize.kustomization };
  if (documents.length > 0) {
    if (documents.every((d) => d.status === 'kustomization')) return { as: 'kustomization' };
    if (documents.every((d) => d.status === 'template')) return { as: 'template' };
    if (documents.every((d) => NO_OBJECT.has(d.status))) return { as: 'not-kubernetes' };
    if (documents.every((d) => d.config === true)) return { as: 'component-config' };
  }
  return { as: 'manifest' };
}
