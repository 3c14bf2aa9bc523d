// The engine's one entry point: everything the CLI and the language server use, and nothing they must not.
// Per file, a front end builds an `Analysis` from the file's context (target version, gate environment, CRDs,
// kustomize facts) and asks it for findings, hover, completion, fixes and gate badges; the other exports are the
// pieces that build such a context (settings, configs, CRDs, kustomize) and plain data. No LSP, VS Code,
// network or process import (tests/engine/boundaries.test.ts). Front ends import only this module.
export { append } from './append';
export { Analysis, type FixSurroundings } from './analysis';
export { type Fix } from './fixes';
export { ALL_CODES, CODE_TABLE, checkFailedFinding, codeAnchor, codeDocsUrl, PROJECT_URL, isFindingCode, kepOf, type CodeInfo, type DiagnosticTagName, type FindingData } from './codes';
export { VERDICT_SEVERITY, VERDICT_WORDS, STAGE_WORDS, verdictOf, verdictSentence, type Stage, type Verdict } from './verdicts';
export { setDataReader, type DataFolder, type DataReader, type KnowledgeOptions } from './data-reader';
export { type CompletionEntry } from './complete';
export { buildGateEnvironment, configFilesOf, explicitSettings, governingConfigs, loadConfigFiles, parseGoBool, readGateConfigsFromText, type ConfigDocInfo, type ConfigFileAccess } from './gates';
export { compileGlob, globMatches, type GlobCompileResult } from './glob-match';
export { gateCatalog, loadVersion, type GateCatalog, type VersionData } from './knowledge';
export { parseMajorMinor, supportedVersion, type MajorMinor, type VersionForm } from './kube-version';
export { splitApiVersion } from './api-version';
export { type ClusterGate, type ClusterReadOptions, type ClusterSnapshot } from './cluster-snapshot';
export { crdFromObject } from './crd/definition';
export { KUSTOMIZATION_NAMES, findKustomizations, kustomizeFactsFor, readKustomization, type KustomizationText, type KustomizeFacts } from './kustomize';
export { type GateEnvironment, type GateSetting, type RuntimeConfigEntry } from './model';
export { exportSchemaFiles, schemaForKind, type SchemaBuildOptions } from './schema';
export { expandDefaults } from './snippets';
export { DEFAULT_VERSION, SUPPORTED_VERSIONS, type DocumentReport, type FileReport, type Finding, type FindingCode, type KubeVersion, type Position, type Range, type Severity } from './types';
export { buildCrdCatalog, parseSelection, type CrdCatalog } from './crd/catalog';
export { isControllerGateName, splitControllerGates } from './crd/controller-gates';
export { type CrdDefinition } from './crd/format';
export { crdFileProblems, crdsFromText, discoverCrds, loadCrdFiles, mayHoldCrd, type CrdFileAccess } from './crd/workspace';
export { FEATURE_GATES_FLAG, FEATURE_GATES_KEY, GATE_MAP_CONFIGS, KUBEADM_API_VERSION, kubeadmArgPlaces, mayHoldGateConfig } from './gates/gate-places';
export { validateFlagGates } from './gates/feature-gates-flag';
export { type DescriptionProvider } from './hover/cluster-description';
export { explainedGateName, gateHint, kindHint } from './hover/explain-targets';
export { sameRange } from './parse/ranges';
export { parseStats } from './parse/parseFile';
export { closestName } from './similar-names';
export { wrapText } from './wrap-text';
export { applyRangeEdits, LineIndex } from './line-index';
export { type CheckOptions } from './model';
export { versionForText } from './version-for-text';
export { looksLikeManifest, mayAffectOtherFiles } from './text-markers';
export { OpenDocument, type DocumentCheckOptions } from './incremental/open-document';
export { type FileAnalysis } from './check';
export { outlineOf, type OutlineCache, type OutlineEntry } from './outline';
export { type GateBadge } from './features/gate-badges';
export { gateUsageReport, kindConfigForReport, type GateUsageReport } from './features/gate-report';
export { documentSchema, versionKindSchema } from './schema/document-schema';
export { Project, folderHolding, isWithin, MAX_KUSTOMIZE_SEARCH_DIRS, type DerivedStore, type EntryKind, type FileContext, type ProjectHost, type ProjectOptions, type ProjectSettings } from './project';
export {
  exclusionOf,
  FAIL_ON_LEVELS,
  globProblem,
  isIgnored,
  isWantedFile,
  kindSelected,
  kindSelectorProblem,
  matchesConfigFiles,
  MAX_LIST_ENTRIES,
  MAX_REPO_CONFIG_BYTES,
  parseRepoConfig,
  REPO_CONFIG_FORMAT,
  REPO_CONFIG_NAME,
  UNCHECKED_POLICIES,
  type FailOnLevel,
  type RepoConfig,
  type RepoConfigResult,
  type RepoSettings,
  type UncheckedPolicy,
} from './project';
export { folderLimitMessage, MAX_FOLDER_FILES, type FolderLimitNote } from './nearest-folder';
export { contributedSchema, type ContributedSchema } from './schema/contributed-schema';
