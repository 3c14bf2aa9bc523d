// The walk a document schema reads: the check's walk of the text when the caller has it (an open document's
// snapshot), else a walk made here. Both give the same kinds and gate settings: the check's walk also reads
// the context's CRDs, which add no built-in kind; its kustomize facts would (a patch is walked as its target's
// kind), so with kustomize facts the text is walked here without them.
import { analyzeFile, type FileAnalysis } from '../check';
import type { CheckOptions } from '../check/options';

export function walkOf(text: string, context: CheckOptions, walked: FileAnalysis | undefined): FileAnalysis {
  if (walked && !context.kustomize) return walked;
  return analyzeFile(text, { version: context.version, environment: context.environment, file: context.file });
}
