// Knowledge loaders: the only engine code that reads schemas/. Every loader is lazy and cached per file.
export * from './data-contract';
export { type KnowledgeOptions } from './data-reader';
export { clearSchemaCache } from './load-json';
export {
  loadVersion,
  findKind,
  findListKind,
  kindsOf,
  typeOf,
  fieldOf,
  laterVersionOf,
} from './versions';
export {
  kindKey,
  kindEntry,
  listItemKind,
  kindsOfApiVersion,
  kindsNamed,
} from './version-index';
export { gateCatalog, isMetaGate, resolveGateName, gateState } from './gates';
export { gatedFields } from './gated-fields';
export { briefFacts } from './brief';
