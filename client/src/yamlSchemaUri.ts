// Schema URIs for Red Hat's YAML extension (no VS Code import, so tests can use it): a document with Kubernetes
// kinds gets `kubegate://schema/<signature>.json?resource=<document URI>`. The signature changes with the kinds and
// the version comment of the document, so the YAML extension fetches a new schema when they change.

export const SCHEMA_SCHEME = 'kubegate';

/** Top-level `apiVersion` / `kind` lines of each YAML document (`---` separates documents). */
export function kindsOf(text: string): string[] {
  const out: string[] = [];
  for (const doc of text.split(/^---[^\S\n]*(?:#.*)?$/m)) {
    const apiVersion = /^apiVersion:[^\S\n]*["']?([^"'#\s]+)/m.exec(doc)?.[1];
    const kind = /^kind:[^\S\n]*["']?([^"'#\s]+)/m.exec(doc)?.[1];
    if (apiVersion && kind) out.push(`${apiVersion} ${kind}`);
  }
  return out;
}

/** FNV-1a of a string, as 8 hex digits. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The schema URI for a document, or undefined when no document of it has both apiVersion and kind. */
export function schemaUriFor(resource: string, text: string): string | undefined {
  const kinds = kindsOf(text);
  if (kinds.length === 0) return undefined;
  const directive = text.split('\n', 10).filter((l) => /#\s*kubegate:/.test(l)).join('\n');
  const signature = fnv([...new Set(kinds)].sort().join('\n') + '\n' + directive);
  return `${SCHEMA_SCHEME}://schema/${signature}.json?resource=${encodeURIComponent(resource)}`;
}

/** The document URI a schema URI was made for. */
export function resourceOf(schemaUri: string): string | undefined {
  const q = schemaUri.indexOf('?resource=');
  if (!schemaUri.startsWith(`${SCHEMA_SCHEME}://`) || q < 0) return undefined;
  try {
    return decodeURIComponent(schemaUri.slice(q + '?resource='.length));
  } catch {
    return undefined;
  }
}
