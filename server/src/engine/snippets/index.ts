// The snippets of snippets/kubegate.code-snippets (the VS Code file) as data for LSP completion.
// Read at run time through the data reader (engine/knowledge/data-reader.ts), once per reader.
import { dataReader, onDataReaderChange, type DataReader, type KnowledgeOptions } from '../knowledge/data-reader';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { expandDefaults } from './expand';

export const SNIPPETS_FILE = 'kubegate.code-snippets';

type SnippetOptions = KnowledgeOptions;

export interface Snippet {
  /** The key in the snippets file (a readable title). */
  name: string;
  prefix: string;
  /** VS Code / LSP snippet syntax, lines joined with "\n". */
  body: string;
  description: string;
}

/** A completion item in plain data; the language server maps it to an LSP CompletionItem (snippet format). */
interface SnippetCompletion {
  label: string;
  filterText: string;
  detail: string;
  documentation: string;
  insertText: string;
  insertTextFormat: 'snippet';
  /** The text inserted with every placeholder at its default (for previews and clients without snippets). */
  plainText: string;
}

interface RawSnippet {
  prefix?: unknown;
  body?: unknown;
  description?: unknown;
}

/** Parse the text of a .code-snippets file (JSONC as VS Code reads it: comments and trailing commas allowed). */
export function parseSnippets(text: string): Snippet[] {
  const errors: ParseError[] = [];
  const json = parseJsonc(text, errors, { allowTrailingComma: true }) as Record<string, RawSnippet> | undefined;
  if (errors.length > 0 || !json || typeof json !== 'object') {
    const first = errors[0];
    throw new Error(`the snippets file is not valid JSONC${first ? ` (${printParseErrorCode(first.error)} at offset ${first.offset})` : ''}`);
  }
  const out: Snippet[] = [];
  for (const [name, raw] of Object.entries(json)) {
    const prefix = Array.isArray(raw.prefix) ? raw.prefix[0] : raw.prefix;
    const body = Array.isArray(raw.body) ? raw.body.join('\n') : raw.body;
    if (typeof prefix !== 'string' || typeof body !== 'string') throw new Error(`snippet "${name}" has no prefix or body`);
    out.push({ name, prefix, body, description: typeof raw.description === 'string' ? raw.description : '' });
  }
  return out;
}

let loaded = new WeakMap<DataReader, Snippet[]>();
onDataReaderChange(() => (loaded = new WeakMap()));

/** Every snippet, read once per reader. */
export function loadSnippets(opts: SnippetOptions = {}): Snippet[] {
  const reader = dataReader(opts);
  let list = loaded.get(reader);
  if (!list) {
    list = parseSnippets(reader('snippets', SNIPPETS_FILE));
    loaded.set(reader, list);
  }
  return list;
}

function snippetCompletion(s: Snippet): SnippetCompletion {
  return {
    label: s.prefix,
    filterText: s.prefix,
    detail: s.name,
    documentation: s.description,
    insertText: s.body,
    insertTextFormat: 'snippet',
    plainText: expandDefaults(s.body),
  };
}

/** Completion items for every snippet whose prefix starts with what was typed (all when nothing was). */
export function snippetCompletions(typed = '', opts: SnippetOptions = {}): SnippetCompletion[] {
  const t = typed.toLowerCase();
  return loadSnippets(opts)
    .filter((s) => s.prefix.toLowerCase().startsWith(t) || s.name.toLowerCase().includes(t))
    .map(snippetCompletion);
}

export { expandDefaults };
