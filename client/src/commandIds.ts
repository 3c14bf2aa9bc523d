// Command identifiers; package.json `contributes.commands` lists the same ids (a unit test compares them).
export const COMMANDS = {
  showGates: 'kubegate.showWorkspaceGates',
  createKindConfig: 'kubegate.createKindConfig',
  setVersion: 'kubegate.setKubernetesVersion',
  refreshCluster: 'kubegate.refreshCluster',
  explain: 'kubegate.explainAtCursor',
  showLog: 'kubegate.showServerLog',
} as const;
