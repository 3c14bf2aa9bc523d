// Hover views: fields, gates, kinds (engine; the language server and `kubegate explain` print them).
export { hoverAt, type HoverOptions, type HoverResult } from './hover';
export { hoverWithClusterDescription, type DescriptionProvider } from './cluster-description';
export { explainGate, explainField } from './explain';
export { gateMarkdown } from './gate-view';
