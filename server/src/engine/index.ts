// The engine's one entry point: everything the CLI and the language server use, and nothing they must not.
// Plain functions over data (parse → route → validate → gates → findings → fixes/hover/completion); no LSP,
// VS Code, network or process import (tests/engine/boundaries.test.ts). Front ends import only this module.
export { append } from './append';
export { capFindings } from './cap-findings';
export { analyzeFile, checkText } from './check';
export { CODE_TABLE, defaultSeverity } from './codes';
export { completeAt, type CompletionEntry, type SnippetDef } from './complete';
export { parseDirectives, parseVersionText } from './directives';
export { fixesFor, kindConfigFor, type Fix } from './fixes';
export { buildGateEnvironment, configFilesOf, environmentForFile, explicitSettings, governingConfigs, loadConfigFiles, parseGoBool, readGateConfigsFromText, type ConfigDocInfo, type ConfigFileAccess } from './gates';
export { compileGlob, globMatches, type GlobCompileResult } from './glob-match';
export { explainField, explainGate } from './hover';
export { gateCatalog, loadVersion, type GateCatalog, type VersionData } from './knowledge';
export { KUSTOMIZATION_NAMES, findKustomizations, kustomizeFactsFor, type KustomizationText, type KustomizeFacts } from './kustomize';
export { type GateEnvironment, type GateSetting, type GatedUse, type ParsedFile, type RuntimeConfigEntry } from './model';
export { readRegularFileBounded } from './read-regular-file';
export { exportSchemaFiles, routerSchema, schemaForKind, type SchemaBuildOptions } from './schema';
export { expandDefaults, loadSnippets } from './snippets';
export { DEFAULT_VERSION, SUPPORTED_VERSIONS, type DocumentReport, type FileReport, type Finding, type FindingCode, type KubeVersion, type Position, type Range, type Severity } from './types';
export { buildCrdCatalog, parseSelection, type CrdCatalog } from './crd/catalog';
export { isControllerGateName, splitControllerGates } from './crd/controller-gates';
export { isControllerGateFinding } from './crd/fixes';
export { type CrdDefinition } from './crd/format';
export { customData } from './crd/overlay';
export { crdsFromText, discoverCrds, loadCrdFiles } from './crd/workspace';
export { similarGateNames } from './gates/catalog-lookup';
export { mayHoldGateConfig } from './gates/config-readers';
export { GateStateModel } from './gates/environment';
export { validateFlagGates } from './gates/feature-gates-flag';
export { componentsFor, overallState, statesFor, type ComponentState } from './gates/gate-findings';
export { hoverWithClusterDescription, type DescriptionProvider } from './hover/cluster-description';
export { parseFile } from './parse/parseFile';
export { rangeOf, sameRange } from './parse/ranges';
export { hasTemplateBlock } from './parse/templates';
export { closestName, editDistance } from './route/similar';
