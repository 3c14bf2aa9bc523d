// Knowledge loaders: the only engine code that reads schemas/. Every loader is lazy and cached per file.
export * from './format';
export { type KnowledgeOptions } from './data-reader';
export { clearSchemaCache } from './load-json';
export {
  loadVersion,
  findKind,
  findListKind,
  kindsOf,
  typeOf,
  fieldOf,
  enumValues,
  laterVersionOf,
  isBuiltinGroup,
} from './versions';
export {
  versionIndexOf,
  kindKey,
  kindEntry,
  listItemKind,
  kindsOfApiVersion,
  kindsNamed,
  isServedApiKind,
  type VersionIndex,
} from './version-index';
export { gateCatalog, gateEntry, isMetaGate, resolveGateName, gateState, type ResolvedGateState } from './gates';
export { gatedFields, gatedFieldsOfGate } from './gated-fields';
export { briefFacts, notShippedApi } from './brief';
