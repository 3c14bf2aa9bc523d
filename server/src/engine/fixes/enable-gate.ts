// Fixes that turn a needed gate on: in each repo config the gate model found (and the file's own config
// documents), in the kubegate.featureGates setting, or in a new kind config.
import type { Finding } from '../codes/finding';
import type { CreateFile, Fix } from './types';
import { type FixInput, baseName, toTextEdits } from './input';
import { gateEditsForConfig } from './config-edits';
import { kindConfigFor } from './kind-config';

/** The gate a finding asks to turn on (the missing dependency for gate-dependency). */
function gateToEnable(finding: Finding): string | undefined {
  if (finding.code === 'gate-dependency') return finding.data?.requires || finding.data?.gate || undefined;
  if (finding.code === 'feature-gate') return finding.data?.gate || undefined;
  return undefined;
}

/** Components that still need the gate: those the finding's state says are not on, else all it names. */
function neededComponents(input: FixInput, gate: string): string[] {
  const data = input.finding.code === 'feature-gate' ? input.finding.data : undefined;
  const notOn = (data?.state ?? []).filter((s) => s.state !== 'on').map((s) => s.component);
  if (notOn.length > 0) return notOn;
  const named = data?.components ?? [];
  if (named.length > 0) return named;
  return input.ctx.gates?.gates[gate]?.components ?? [];
}

export function enableGateFixes(input: FixInput): Fix[] {
  const { finding, ctx } = input;
  const gate = gateToEnable(finding);
  const data = ctx.versionData;
  if (!gate) return [];
  const fixes: Fix[] = [];
  const components = neededComponents(input, gate);
  if (data) {
    const files = [{ path: ctx.file, text: ctx.text }, ...(ctx.configFiles ?? []).filter((c) => c.path !== ctx.file)];
    for (const cfg of files) {
      const plan = gateEditsForConfig(cfg.text, gate, components, data, ctx.reads);
      if (plan.edits.length === 0) continue;
      const where = cfg.path === ctx.file ? 'this file' : baseName(cfg.path);
      const forWhom = plan.covers === 'all' ? '' : ` for ${plan.covers.join(', ')}`;
      fixes.push({
        title: `Enable feature gate ${gate} in ${where}${forWhom}`,
        kind: 'quickfix',
        code: finding.code,
        edits: toTextEdits(cfg.path, cfg.text, plan.edits),
        isPreferred: fixes.length === 0 ? true : undefined,
      });
    }
  }
  if (ctx.offerSetting !== false) {
    fixes.push({
      title: `Treat ${gate} as enabled (Kubegate setting only)`,
      kind: 'quickfix',
      code: finding.code,
      edits: [],
      setting: { setting: 'kubegate.featureGates', key: gate, value: true },
    });
  }
  const hasConfig = (ctx.configFiles ?? []).length > 0;
  if (data && ctx.newKindConfigPath && !hasConfig) {
    const gates = [...new Set([gate, ...(ctx.neededGates ?? [])])];
    const create: CreateFile = { file: ctx.newKindConfigPath, create: true, text: kindConfigFor(gates, data) };
    fixes.push({
      title: `Create ${baseName(ctx.newKindConfigPath)}: a kind cluster with ${gates.length === 1 ? gate : `${gates.length} gates`} enabled`,
      kind: 'quickfix',
      code: finding.code,
      edits: [create],
    });
  }
  return fixes;
}
