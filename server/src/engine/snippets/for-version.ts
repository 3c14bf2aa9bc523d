// The whole-document snippets as completion offers them for a target version: each one, expanded with its
// defaults, is checked at that version. Clean (gate findings aside: the snippet's description names the gate, and
// the gate step reports it where it is off): offered as it is. Not clean there but clean at another supported
// version (an API or field that version does not serve): offered with the `# kubegate: kubernetes-version=…`
// comment that makes the document valid, and a description that says so. Clean at no supported version (a
// design that was never shipped): not offered. Computed once per data reader and version.
import { checkText } from '../check';
import { onDataReaderChange } from '../knowledge/data-reader';
import type { KnowledgeOptions } from '../knowledge/data-reader';
import { compareVersions } from '../base/kube-version';
import { SUPPORTED_VERSIONS, type KubeVersion } from '../base/types';
import type { FindingCode } from '../codes/finding';
import { expandDefaults } from './expand';
import { loadSnippets, type Snippet } from './index';

/** Findings about gates that are off: expected for a snippet of a gated feature, not a sign of a wrong version. */
const GATE_CODES: ReadonlySet<FindingCode> = new Set<FindingCode>(['feature-gate', 'gate-dependency', 'experimental-channel']);

let cache = new Map<string, Snippet[]>();
onDataReaderChange(() => (cache = new Map()));

/** Whether a snippet's expanded text has no error or warning at `version` other than gate findings. */
function cleanAt(text: string, version: KubeVersion, knowledge: KnowledgeOptions): boolean {
  const report = checkText(text, { version, file: 'snippet.yaml' }, knowledge);
  return report.findings.every((f) => (f.severity !== 'error' && f.severity !== 'warning') || GATE_CODES.has(f.code));
}

/** The supported version nearest to `version` at which the text is clean: later ones first, then earlier. */
function nearestClean(text: string, version: KubeVersion, knowledge: KnowledgeOptions): KubeVersion | undefined {
  const later = SUPPORTED_VERSIONS.filter((v) => compareVersions(v, version) > 0);
  const earlier = SUPPORTED_VERSIONS.filter((v) => compareVersions(v, version) < 0).reverse();
  return [...later, ...earlier].find((v) => cleanAt(text, v, knowledge));
}

/** The snippets to offer when the target version is `version`. */
export function snippetsForVersion(version: KubeVersion, knowledge: KnowledgeOptions = {}): Snippet[] {
  const key = version;
  const known = knowledge.readData ? undefined : cache.get(key);
  if (known) return known;
  const out: Snippet[] = [];
  for (const s of loadSnippets(knowledge)) {
    const text = expandDefaults(s.body);
    if (cleanAt(text, version, knowledge)) {
      out.push(s);
      continue;
    }
    const other = nearestClean(text, version, knowledge);
    if (!other) continue;
    const comment = `# kubegate: kubernetes-version=${other}`;
    out.push({
      ...s,
      body: `${comment}\n${s.body}`,
      description: `Not valid in Kubernetes ${version}: inserts \`${comment}\`, so the document is checked against ${other}. ${s.description}`,
    });
  }
  if (!knowledge.readData) cache.set(key, out);
  return out;
}
