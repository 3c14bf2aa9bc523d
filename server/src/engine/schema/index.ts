// JSON Schemas (draft-07) from the version data and the gate catalog, gate-aware: for kubeconform, editors
// (yaml.schemas, the Red Hat YAML schema contributor) and any JSON-Schema validator. Plain functions.
export * from './options';
export { definitionName, isRequired } from './definitions';
export { kindSchema, kubeconformFileName, schemaKinds } from './kind-schema';
export { exportSchemaFiles, schemaForKind } from './export';
export { kubectlJson } from './instance';
