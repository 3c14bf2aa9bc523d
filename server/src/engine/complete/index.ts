// Completion (engine side): completeAt(text, position, inputs) → CompletionEntry[].
export { completeAt } from './complete';
export { cursorContext } from './context';
export type { CompletionEntry } from './types';
