// client-go applyconfigurations/internal/internal.go holds the structured-merge-diff schema of every built-in
// type as one raw string (`var schemaYAML = typed.YAMLObject(`…`)`); upstream/k8s-<V>/structure.yaml is that
// string, byte for byte.
import { tokenizeGo } from './go-tokens';

export const SMD_SOURCE = 'staging/src/k8s.io/client-go/applyconfigurations/internal/internal.go';

/** The schema string of internal.go, or undefined when the file does not declare one. */
export function smdSchemaOf(src: string): string | undefined {
  const toks = tokenizeGo(src);
  for (let i = 0; i + 6 < toks.length; i++) {
    if (toks[i].text !== 'schemaYAML' || toks[i + 1].text !== '=') continue;
    // typed . YAMLObject ( `…` )
    const str = toks.slice(i + 2, i + 8).find((t) => t.kind === 'string');
    if (str) return str.value;
  }
  return undefined;
}
