// The engine's one entry point: everything the CLI and the language server use, and nothing they must not.
// Per file, a front end builds an `Analysis` from the file's context (target version, gate environment, CRDs,
// kustomize facts) and asks it for findings, hover, completion, fixes and gate badges; the other exports are the
// pieces that build such a context (settings, configs, CRDs, kustomize) and plain data. No LSP, VS Code,
// network or process import (tests/engine/boundaries.test.ts). Front ends import only this module.
export { append } from './base/append';
export { leavesBase } from './base/paths';
export { Analysis } from './analysis';
export { type Fix } from './fixes';
export { ALL_CODES, CODE_TABLE, checkFailedFinding, codeDocsUrl, isParserSyntaxError, PROJECT_URL, kepOf, type DiagnosticTagName } from './codes';
export { verdictOf, verdictSentence } from './codes/verdicts';
export { setDataReader, type DataFolder, type DataReader } from './knowledge/data-reader';
export { type CompletionEntry } from './complete';
export { buildGateEnvironment, explicitSettings, parseGoBool, readGateConfigsFromText, type ConfigDocInfo } from './gates';
export { compileGlob, globMatches, type GlobCompileResult } from './base/glob-match';
export { gateCatalog, loadVersion } from './knowledge';
export { parseMajorMinor, supportedVersion, type MajorMinor } from './base/kube-version';
export { splitApiVersion } from './base/api-version';
export { type ClusterGate, type ClusterReadOptions, type ClusterSnapshot } from './base/cluster-snapshot';
export { crdFromObject } from './api-extensions/definition';
export { type GateEnvironment, type GateSetting, type RuntimeConfigEntry } from './model';
export { exportSchemaFiles, schemaForKind, type SchemaBuildOptions } from './schema';
export { expandDefaults } from './snippets';
export { DEFAULT_VERSION, SUPPORTED_VERSIONS } from './base/types';
export type { DocumentReport, DocumentStatus as DocumentCheckStatus, FileTaken, KubeVersion, Position, Severity } from './base/types';
export { isJudged, takenByPlace, takenPhrase } from './check/place';
export { type FileReport, type Finding, type FindingCode } from './codes/finding';
export { buildCrdCatalog, parseSelection } from './api-extensions/catalog';
export { isControllerGateName, splitControllerGates } from './api-extensions/controller-gates';
export { type CrdDefinition } from './api-extensions/crd-data';
export { loadCrdFiles, mayHoldCrd } from './api-extensions/workspace';
export { FEATURE_GATES_FLAG, FEATURE_GATES_KEY, GATE_MAP_CONFIGS, KUBEADM_API_VERSION, kubeadmArgPlaces } from './gates/gate-places';
export { validateFlagGates } from './gates/feature-gates-flag';
export { type DescriptionProvider } from './hover/cluster-description';
export { explainedGateName, gateHint, kindHint } from './hover/explain-targets';
export { sameRange } from './parse/ranges';
export { parseStats } from './parse/parseFile';
export { closestName } from './base/similar-names';
export { wrapText } from './base/wrap-text';
export { applyRangeEdits, LineIndex } from './base/line-index';
export type { CheckOptions } from './check/options';
export { versionForText } from './check/version-for-text';
export { mayAffectOtherFiles } from './check/text-markers';
export { OpenDocument } from './incremental/open-document';
export { type FileAnalysis } from './check';
export { outlineOf, type OutlineCache } from './features/outline';
export { gateUsageReport, kindConfigForReport, type GateUsageReport } from './features/gate-report';
export { documentSchema, versionKindSchema } from './schema/document-schema';
export { MAX_GLOB_FILES, Project, resolveSettings, type DerivedStore, type EntryKind, type FileContext, type NamedFiles, type ProjectHost, type ProjectSettings, type RunCrdInput } from './project';
export type { ProjectOptions } from './project/project';
export type { GivenSettings, ResolvedSettings as ResolvedRepoSettings } from './project/resolve-settings';
export type { NamedFilesFound } from './project/named-files';
export {
  exclusionOf,
  isManifestName,
  isWantedFile,
  kindSelectorProblem,
  parseRepoConfig,
  REPO_CONFIG_NAME,
  settingsRelaxations,
  type RepoConfig,
  type RepoSettings,
} from './project';
export { contributedSchema } from './schema/contributed-schema';
// Types of what the exports above take and give, public even while no front end names them (the dead-export test,
// tests/engine/dead-exports.test.ts, counts an `export type` of this file as used).
export type { FixSurroundings } from './analysis';
export type { CodeInfo, FindingData } from './codes';
export type { ConfigFileAccess } from './gates/discover-configs';
export type { CrdCatalog } from './api-extensions/catalog';
export type { CrdFileAccess } from './api-extensions/workspace';
export type { DocumentCheckOptions } from './incremental/open-document';
export type { GateBadge } from './features/gate-badges';
export type { GateCatalog, VersionData } from './knowledge';
export type { KnowledgeOptions } from './knowledge/data-reader';
export type { KustomizationText } from './kustomize/kustomization';
export type { KustomizeFacts } from './kustomize/facts';
export type { OutlineEntry } from './features/outline';
export type { ContributedSchema } from './schema/contributed-schema';
export type { Range } from './base/types';
export type { VersionForm } from './base/kube-version';
