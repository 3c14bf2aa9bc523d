// Hover views: fields, gates, kinds (engine; the language server and `kubegate explain` print them).
export { hoverAt } from './hover';
export { hoverWithClusterDescription } from './cluster-description';
export { explainGate, explainField } from './explain';
