// Inputs and output shapes of the JSON Schema builder.
import type { GateCatalog, VersionData } from '../knowledge/data-contract';
import type { GateEnvironment } from '../model';

export type JsonSchemaObject = { [key: string]: unknown };

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** The annotation keywords the schemas use (register them with a validator that rejects unknown keywords,
 *  e.g. ajv in strict mode: `ajv.addVocabulary(SCHEMA_KEYWORDS)`). */
export const SCHEMA_KEYWORDS = ['x-kubernetes-feature-gate', 'x-kubernetes-int-or-string', 'x-kubernetes-group-version-kind'] as const;

export interface SchemaBuildOptions {
  /** The version's type data (schemas/k8s-<minor>.json). */
  data: VersionData;
  /** The gate catalog (schemas/gates.json). */
  catalog: GateCatalog;
  /** Where gates are on (settings, configs, cluster); without it only the defaults of the version count. */
  environment?: GateEnvironment;
  /** Closed objects (`additionalProperties: false`) and no field, enum value or kind whose gate is off. */
  strict?: boolean;
  /** False: no gate sentences in `description` (the `x-kubernetes-feature-gate` annotations stay), for a schema
   *  shown beside Kubegate's own hover, which states the gate facts already. Default true. */
  gateText?: boolean;
}

/** How a struct type is read at a place: in an API kind (required fields count), under a `status` field or in a
 *  component config (no required fields), and for config kinds the component that alone needs their gates. */
export interface Variant {
  mode: 'api' | 'status' | 'config';
  component?: string;
  /** kind `Cluster` documents: kind decodes them with go-yaml v3, which takes any scalar's text for a string,
   *  truncates fractions of integers and reads a quoted YAML 1.1 spelling (`"yes"`) as a boolean. */
  lenient?: true;
}

export const API_VARIANT: Variant = { mode: 'api' };
