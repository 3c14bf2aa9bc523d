// kubernetes/enhancements keps/<sig>/<number>-<slug>/kep.yaml → the KEP catalog: number, title, owning sig,
// stage, status, latest milestone, and the feature gates (with the components the authors list) each KEP names.
import { parse as parseYaml } from 'yaml';

export interface ExtKep {
  number: number;
  title: string;
  sig: string | null;
  status: string | null;
  stage: string | null;
  latest_milestone: string | null;
  feature_gates: { name: string; components: string[] }[];
  url: string;
  kep_yaml: string;
}

function str(v: unknown): string | null {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

/** One kep.yaml (its path relative to the enhancements checkout, e.g. `keps/sig-node/4960-x/kep.yaml`). */
export function parseKep(relPath: string, text: string): ExtKep | { problem: string } {
  let doc: Record<string, unknown>;
  try {
    doc = (parseYaml(text) ?? {}) as Record<string, unknown>;
  } catch (e) {
    return { problem: `${relPath}: ${(e as Error).message.split('\n')[0]}` };
  }
  const dirNumber = /\/(\d+)-[^/]*\/kep\.yaml$/.exec(relPath)?.[1];
  const raw = doc['kep-number'] ?? dirNumber;
  const number = Number(raw);
  if (!Number.isInteger(number)) return { problem: `${relPath}: no kep-number` };
  const gates: ExtKep['feature_gates'] = [];
  for (const g of Array.isArray(doc['feature-gates']) ? (doc['feature-gates'] as Record<string, unknown>[]) : []) {
    const name = str(g?.name)?.trim();
    if (!name) continue;
    const components = Array.isArray(g.components) ? g.components.map((c) => String(c).trim()).filter(Boolean) : [];
    gates.push({ name, components });
  }
  return {
    number,
    title: str(doc.title)?.trim() ?? '',
    sig: str(doc['owning-sig']),
    status: str(doc.status),
    stage: str(doc.stage),
    latest_milestone: str(doc['latest-milestone']),
    feature_gates: gates,
    url: `https://kep.k8s.io/${number}`,
    kep_yaml: relPath,
  };
}

/** kep.yaml files copied from the template keep its title. */
export function isPlaceholderTitle(title: string): boolean {
  return title === '' || /^KEP Template$/i.test(title);
}

/** The KEP's title from the first `# ` heading of its README (without a `KEP-NNNN:` prefix). */
export function readmeTitle(readme: string): string | undefined {
  const h = /^# +(.+?)\s*$/m.exec(readme)?.[1];
  return h?.replace(/^KEP[- ]?\d+\s*[:.-]\s*/i, '').trim() || undefined;
}
