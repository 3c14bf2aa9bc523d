// The gate-aware JSON Schema of a document (every kind in it) or of one apiVersion + kind, for the document's
// version and the gates on for it, its own config documents included (as the checker sees them).
import type { FileAnalysis } from '../check';
import { environmentForFile } from '../gates/gate-step';
import { gateCatalog, kindKey, loadVersion } from '../knowledge';
import type { CheckOptions } from '../check/options';
import type { GateEnvironment } from '../model';
import type { DocumentReport, KubeVersion } from '../base/types';
import { schemaForKind } from './export';
import type { JsonSchemaObject } from './options';
import { routerSchema } from './router';
import { walkOf } from './walked';

type VersionedSchema = { kubernetesVersion: string; schema: JsonSchemaObject } | null;

/** The schema of a text's kinds (or of one kind, when both `apiVersion` and `kind` are given). CRDs and
 *  kustomize facts of the context are not used. `walked`: the check's walk of this text under `context`, read
 *  instead of walking the text again (schema/walked.ts). */
export function documentSchema(text: string, context: CheckOptions, strict: boolean, apiVersion?: string, kind?: string, walked?: FileAnalysis): VersionedSchema {
  const analysis = walkOf(text, context, walked);
  const version = analysis.version;
  const catalog = gateCatalog();
  const environment = environmentForFile(analysis.documents, { version, knowledge: { catalog }, environment: context.environment, file: context.file });
  const opts = { data: loadVersion(version).data, catalog, environment, strict };
  if (apiVersion && kind) {
    const schema = schemaForKind(opts, apiVersion, kind);
    return schema ? { kubernetesVersion: version, schema } : null;
  }
  const kinds = new Set<string>();
  const add = (r: DocumentReport): void => {
    if (r.checked && r.apiVersion && r.kind) kinds.add(kindKey(r.apiVersion, r.kind));
    r.items?.forEach(add);
  };
  for (const d of analysis.documents) add(d.report);
  return { kubernetesVersion: version, schema: routerSchema(opts, { only: kinds }) };
}

/** The schema of one apiVersion + kind for a version and gate environment (no document). */
export function versionKindSchema(version: KubeVersion, environment: GateEnvironment | undefined, strict: boolean, apiVersion: string, kind: string): VersionedSchema {
  const schema = schemaForKind({ data: loadVersion(version).data, catalog: gateCatalog(), environment, strict }, apiVersion, kind);
  return schema ? { kubernetesVersion: version, schema } : null;
}
