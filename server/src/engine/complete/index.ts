// Completion (engine side): completeAt(text, position, inputs) → CompletionEntry[].
export { completeAt } from './complete';
export { cursorContext } from './context';
export type { CursorContext, PathStep } from './context';
export type { CompletionEntry, CompletionEntryKind, CompletionInputs, SnippetDef } from './types';
