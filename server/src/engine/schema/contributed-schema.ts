// The schema Kubegate lends an editor's YAML language server (Red Hat's YAML extension, through its schema
// contributor API) for one file. It only adds: none for a file Kubegate does not check itself with the kinds'
// full rules (a kustomize patch or base, a `# kubegate: fragment` file, a kustomization, a Helm template, a
// document of no built-in kind), so that the YAML server keeps the user's or SchemaStore's schema there. Beside
// Kubegate's own hover and completion it adds no second copy: no gate sentences in descriptions (the
// `x-kubernetes-feature-gate` annotations stay) and no property proposals (`doNotSuggest`).
import type { FileAnalysis } from '../check';
import { walkOf } from './walked';
import { environmentForFile } from '../gates/gate-step';
import { gateCatalog, kindKey, loadVersion } from '../knowledge';
import type { CheckOptions } from '../check/options';
import type { DocumentReport } from '../base/types';
import { kubeconformFileName, schemaKinds } from './kind-schema';
import type { JsonSchemaObject } from './options';
import { routerSchema } from './router';

export interface ContributedSchema {
  kubernetesVersion: string;
  /** File name for the schema URI, e.g. `pod-v1.json`, `deployment-apps-v1+service-v1.json`. */
  name: string;
  /** The schema, its `title` naming Kubegate, the version and the kinds (the YAML server shows it as the source). */
  schema: JsonSchemaObject;
}

/** More kinds than this in one file: the name and title count the rest. */
const NAMED_KINDS = 3;

/** Every property schema under `properties` gets `doNotSuggest` (the YAML server then proposes no key). */
function withoutProposals(node: unknown): void {
  if (Array.isArray(node)) {
    for (const x of node) withoutProposals(x);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const obj = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const prop of Object.values(value as Record<string, unknown>)) {
        if (prop && typeof prop === 'object' && !Array.isArray(prop)) (prop as Record<string, unknown>)['doNotSuggest'] = true;
      }
    }
    withoutProposals(value);
  }
}

/** The schema to contribute for a file, or null when Kubegate does not fully check any document of it. */
export function contributedSchema(text: string, context: CheckOptions, walked?: FileAnalysis): ContributedSchema | null {
  if (context.kustomize) return null;
  const analysis = walkOf(text, context, walked);
  if (context.fragment === true || analysis.directives.fragment === true) return null;
  const version = analysis.version;
  const catalog = gateCatalog();
  const environment = environmentForFile(analysis.documents, { version, knowledge: { catalog }, environment: context.environment, file: context.file });
  const opts = { data: loadVersion(version).data, catalog, environment, strict: false, gateText: false };
  const byKey = new Map(schemaKinds(opts).map((k) => [kindKey(k.apiVersion, k.kind), k]));
  const chosen = new Map<string, (typeof opts.data.kinds)[number]>();
  const add = (r: DocumentReport): void => {
    const entry = r.checked && r.apiVersion && r.kind ? byKey.get(kindKey(r.apiVersion, r.kind)) : undefined;
    if (entry) chosen.set(kindKey(entry.apiVersion, entry.kind), entry);
    r.items?.forEach(add);
  };
  for (const d of analysis.documents) add(d.report);
  if (chosen.size === 0) return null;
  const entries = [...chosen.values()];
  const more = entries.length > NAMED_KINDS ? entries.length - NAMED_KINDS : 0;
  const shown = entries.slice(0, NAMED_KINDS);
  const name = shown.map((e) => kubeconformFileName(e).replace(/\.json$/, '')).join('+') + (more ? `+${more}-more` : '') + '.json';
  const title = `Kubegate ${version} ${shown.map((e) => `${e.kind} (${e.apiVersion})`).join(', ')}${more ? ` and ${more} more` : ''}`;
  const schema = routerSchema(opts, { only: new Set(chosen.keys()) });
  withoutProposals(schema);
  // A short description: the YAML extension shows title and description above the document.
  const description = `The target version and feature gates Kubegate uses for this file.`;
  return { kubernetesVersion: version, name, schema: { ...schema, title, description } };
}
