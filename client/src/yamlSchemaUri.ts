// What Kubegate offers Red Hat's YAML extension for a document, decided without VS Code (tests use it):
//   - which documents may get a contributed schema at all: some top-level apiVersion and kind, no
//     `# yaml-language-server: $schema=` modeline, no schema the user associates in `yaml.schemas`, not a
//     kustomization (the server then decides the rest: kustomize patches and bases, fragments, templates, kinds
//     it does not check get none);
//   - readable schema URIs: `kubegate://schemas/<version>/<name>?resource=<document URI>`, e.g.
//     `kubegate://schemas/1.37/pod-v1.json?resource=file%3A…`; `pending` stands for the version until the server
//     has answered for the document's current kinds.
import picomatch from 'picomatch';

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

/** What the server's answer depends on in the text: the kinds and the `# kubegate:` comments of the top. */
export function schemaKeyOf(text: string): string {
  const directive = text.split('\n', 10).filter((l) => /#\s*kubegate:/.test(l)).join('\n');
  return [...new Set(kindsOf(text))].sort().join('\n') + '\n' + directive;
}

/** A `# yaml-language-server: $schema=…` modeline: the YAML server uses that schema whatever a contributor says. */
export function hasSchemaModeline(text: string): boolean {
  return /^[^\S\n]*#[^\S\n]*yaml-language-server[^\S\n]*:.*\$schema=/m.test(text);
}

/** kustomize's own files (their schema is SchemaStore's or the user's): by name, or by apiVersion. */
export function isKustomization(path: string, text: string): boolean {
  const name = path.split('/').pop() ?? '';
  if (/^(kustomization\.ya?ml|Kustomization)$/.test(name)) return true;
  return kindsOf(text).some((k) => k.startsWith('kustomize.config.k8s.io/'));
}

/** The `yaml.schemas` setting: schema URL or path → glob(s). */
export type YamlSchemasSetting = Record<string, string | string[]>;

/** The form yaml-language-server matches `yaml.schemas` patterns against: the document URI without query and
 *  fragment, not percent-encoded (vscode-uri's `toString(true)`), e.g. `file:///home/u/a b/pod.yaml`. */
export function resourceForMatching(uri: { with(change: { query: string; fragment: string }): { toString(skipEncoding?: boolean): string } }): string {
  return uri.with({ query: '', fragment: '' }).toString(true);
}

/**
 * Whether `yaml.schemas` associates a schema with the document `resource` (as resourceForMatching gives it),
 * matched as yaml-language-server 1.25 matches (languageservice/services/yamlSchemaService.js,
 * FilePatternAssociation): each pattern without a leading `!` (an exclusion) and a leading `/`, with `**\/` in
 * front, by picomatch with its default options: so extglobs (`*.@(a|b).yaml`), braces and full `file:///…`
 * patterns match as they do there.
 */
export function associatedByUser(resource: string, setting: YamlSchemasSetting | undefined): boolean {
  if (!setting || typeof setting !== 'object') return false;
  const prepared = (list: string[]): string[] => list.map((g) => (g.startsWith('/') ? g.slice(1) : g)).filter((g) => g.length > 0).map((g) => `**/${g}`);
  for (const globs of Object.values(setting)) {
    const list = (Array.isArray(globs) ? globs : [globs]).filter((g): g is string => typeof g === 'string');
    const positive = prepared(list.filter((g) => !g.startsWith('!')));
    const negative = prepared(list.filter((g) => g.startsWith('!')).map((g) => g.slice(1)));
    try {
      if (positive.length > 0 && picomatch(positive)(resource) && !(negative.length > 0 && picomatch(negative)(resource))) return true;
    } catch {
      // a pattern picomatch refuses: yaml-language-server drops that association too
    }
  }
  return false;
}

/** The schema URI of a document: `version` (`pending` before the server answered), a file `name`, and a
 *  revision after the first (the YAML server caches content per URI: a new revision after a save or a setting
 *  change makes it fetch the schema again). */
export function schemaUri(resource: string, version: string, name: string, rev = 0): string {
  const query = `${rev > 0 ? `rev=${rev}&` : ''}resource=${encodeURIComponent(resource)}`;
  return `${SCHEMA_SCHEME}://schemas/${encodeURIComponent(version)}/${encodeURIComponent(name)}?${query}`;
}

/** A provisional file name from the document's kinds (`pod-v1.json`), as the server names them. */
export function provisionalName(text: string): string {
  const names = [...new Set(kindsOf(text))].map((k) => {
    const [apiVersion, kind] = k.split(' ') as [string, string];
    const slash = apiVersion.indexOf('/');
    const group = slash < 0 ? '' : apiVersion.slice(0, slash).split('.')[0]!;
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
    return [kind, group, version].filter(Boolean).join('-').toLowerCase();
  });
  return (names.slice(0, 3).join('+') || 'document') + (names.length > 3 ? `+${names.length - 3}-more` : '') + '.json';
}

/** The document URI a schema URI was made for. */
export function resourceOf(uri: string): string | undefined {
  const m = /[?&]resource=([^&#]*)/.exec(uri);
  if (!uri.startsWith(`${SCHEMA_SCHEME}://`) || !m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}
