// A document's FileReport for the server: the engine's report of the text (size guard, the text's version,
// incremental re-check with an OpenDocument) with the user's `kubegate.severity` overrides.
import { reportForText, type FileReport, type OpenDocument } from '../engine';
import type { DocumentContext } from './analysis';

/** Files longer than this (in characters) are checked for YAML syntax only (initializationOptions.maxFileChars). */
export const DEFAULT_MAX_FILE_CHARS = 5_000_000;

/** The report of a document; with `open`, only the YAML documents that changed since its last update are checked. */
export function reportFor(text: string, ctx: DocumentContext, maxChars: number, open?: OpenDocument): FileReport {
  const options = { maxChars, severity: ctx.settings.severity };
  return open ? open.update(text, ctx, options) : reportForText(text, ctx, options);
}
