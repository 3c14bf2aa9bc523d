// JSON Schemas (draft-07) from the version data and the gate catalog, gate-aware: for kubeconform, editors
// (yaml.schemas, the Red Hat YAML schema contributor) and any JSON-Schema validator. Plain functions.
export * from './options';
export { DefinitionSet, definitionName, isRequired } from './definitions';
export { gateAnnotation, gateIsOff, type GateAnnotation } from './gate-annotation';
export { kindSchema, kubeconformFileName, schemaKinds } from './kind-schema';
export { routerSchema, definitionsSchema, kindDefinitionName, type RouterOptions } from './router';
export { exportSchemaFiles, schemaForKind, ALL_FILE, DEFINITIONS_FILE, type SchemaFile } from './export';
export { kubectlJson } from './instance';
