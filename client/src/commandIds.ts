// Command identifiers; package.json `contributes.commands` lists the same ids (a unit test compares them).
export const COMMANDS = {
  showGates: 'kubegate.showWorkspaceGates',
  createKindConfig: 'kubegate.createKindConfig',
  setVersion: 'kubegate.setKubernetesVersion',
  refreshCluster: 'kubegate.refreshCluster',
  explain: 'kubegate.explainAtCursor',
  showLog: 'kubegate.showServerLog',
  restart: 'kubegate.restartServer',
} as const;

/** Commands the server's code actions call; not in the palette (so not in contributes.commands). */
export const INTERNAL_COMMANDS = {
  /** Arguments: gate name, value, document URI. Sets kubegate.featureGates[gate] = value. */
  setFeatureGate: 'kubegate.setFeatureGate',
} as const;
