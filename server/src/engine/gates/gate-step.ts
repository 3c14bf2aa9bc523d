// The gate step of a check: runs after the walk, adds gate findings to each document's analysis and silences
// `api-disabled-by-default` where a runtime-config source (settings, cluster, repo kind config) enables the API.
// A kind runtimeConfig in the checked file itself does not silence it (the corpus rule).
import type { DocumentAnalysis, GateEnvironment, GateSetting, GateState } from '../model';
import type { Evidence, KubeVersion, Range } from '../base/types';
import { ruleDataOf, type Finding } from '../codes/finding';
import { KUBEADM_GROUP, kubeadmArgPlaces } from './gate-places';
import { groupOf } from '../base/api-version';
import { GateStateModel } from './environment';
import { componentsFor, featureGateFinding, gateDependencyFindings, statesFor, type GateKnowledge } from './gate-findings';
import { gateInVersion } from './catalog-lookup';
import { settingFindings, versionMismatchFindings } from './setting-findings';
import { append } from '../base/append';
import { assignVerdicts, type DropScope } from './verdict-pass';

export interface GateStepContext {
  version: KubeVersion;
  knowledge: GateKnowledge;
  /** Gate knowledge from outside the file (settings, cluster, repo configs). */
  environment?: GateEnvironment;
  /** Path or URI of the checked file, for evidence. */
  file?: string;
}

type Coverage = { component: string; file?: string; range: Range };

/** Components a kubeadm document of the file fully describes (a section-only place once it sets gates). */
function kubeadmCoverage(analyses: DocumentAnalysis[], file: string | undefined): Coverage[] {
  const out: Coverage[] = [];
  for (const a of analyses) {
    const { apiVersion = '', kind = '' } = a.report;
    if (groupOf(apiVersion) !== KUBEADM_GROUP) continue;
    const setsGates = a.gateSettings.some((s) => s.origin === 'kubeadm');
    for (const place of kubeadmArgPlaces(kind)) {
      if (place.covers === 'document' || setsGates) out.push({ component: place.component, file, range: a.report.range });
    }
  }
  return out;
}

/** A foreign environment with the file's settings under it: the base answer wins unless it is 'unknown'. */
function layered(base: GateEnvironment, fileModel: GateStateModel): GateEnvironment {
  return {
    notes: base.notes,
    apiEnabled: (v) => base.apiEnabled(v),
    stateOf(gate: string, component: string): { state: GateState; evidence: Evidence[] } {
      const b = base.stateOf(gate, component);
      if (b.state !== 'unknown') return b;
      return fileModel.stateOf(gate, component);
    },
  };
}

/** The environment for one file: the outside sources plus the file's own config documents. */
export function environmentForFile(analyses: DocumentAnalysis[], ctx: GateStepContext): GateEnvironment {
  const settings: GateSetting[] = analyses.flatMap((a) => a.gateSettings.map((s) => ({ ...s, file: s.file ?? ctx.file })));
  const coverage = kubeadmCoverage(analyses, ctx.file);
  if (ctx.environment instanceof GateStateModel) return ctx.environment.withFileConfigs(settings, coverage);
  const own = new GateStateModel({ catalog: ctx.knowledge.catalog, version: ctx.version }, { settings, coverage });
  return ctx.environment ? layered(ctx.environment, own) : own;
}

/** Whether a gate is on for the file: every component that needs it on, else the gate's default in the version. */
function gateIsOn(gate: string, env: GateEnvironment, ctx: GateStepContext): boolean {
  const found = gateInVersion(ctx.knowledge.catalog, gate, ctx.version);
  const byDefault = found?.state.exists === true && found.state.default === true;
  const states = statesFor(env, gate, componentsFor(ctx.knowledge.catalog, gate));
  if (states.some((s) => s.state === 'off')) return false;
  if (states.length > 0 && states.every((s) => s.state === 'on')) return true;
  return byDefault;
}

/** A finding of a gate-conditional rule (`data.when`: a declarative rule's condition, or a hand-written rule's reading
 *  of the drop stage) holds only in the gate state it names. */
function conditionHolds(f: Finding, env: GateEnvironment, ctx: GateStepContext): boolean {
  const when = ruleDataOf(f)?.when;
  if (!when || typeof when.gate !== 'string') return true;
  const gates = [when.gate, ...(Array.isArray(when.also) ? when.also : [])];
  return gates.every((g) => gateIsOn(g, env, ctx)) === when.enabled;
}

export function runGateStep(analyses: DocumentAnalysis[], ctx: GateStepContext): DocumentAnalysis[] {
  const env = environmentForFile(analyses, ctx);
  return analyses.map((a) => gateStepOf(a, env, ctx));
}

/** The gate step of one document of a file, under the file's environment (environmentForFile). */
export function gateStepOf(a: DocumentAnalysis, env: GateEnvironment, ctx: GateStepContext): DocumentAnalysis {
  const kept = a.findings.filter((f) => {
    if (!conditionHolds(f, env, ctx)) return false;
    if (f.code !== 'api-disabled-by-default' || !ctx.environment) return true;
    // The finding names its API version (route/api-findings.ts).
    const v = f.data?.apiVersion;
    return !(v && ctx.environment.apiEnabled(v)?.enabled);
  });
  const added: Finding[] = [];
  const drops: DropScope[] = [];
  for (const use of a.gatedUses) {
    const f = featureGateFinding(use, ctx.knowledge, ctx.version, env);
    if (!f) continue;
    added.push(f);
    // The drop stage removes the field (and all it holds) while the gate is off or not known to be on.
    if (use.via === 'field' && !use.config && use.extent && f.severity !== 'information') drops.push({ gate: use.gate, path: use.path, extent: use.extent });
  }
  append(added, gateDependencyFindings(a.gatedUses, ctx.knowledge, ctx.version, env));
  append(added, settingFindings(a.gateSettings, ctx.knowledge.catalog, ctx.version));
  append(added, versionMismatchFindings(a.namedVersions, a.report.index, ctx.version));
  for (const f of added) f.document ??= a.report.index;
  // In no particular order: the report sorts the findings of all documents (check/index.ts reportOf).
  return { ...a, findings: assignVerdicts([...kept, ...added], drops) };
}
