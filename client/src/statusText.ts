// Text of the Kubegate status bar item, from the server's `kubegate/status` notification. Pure.
import type { GateSourceStatus, StatusParams } from '../../server/src/contract/protocol';

export interface StatusView {
  text: string;
  /** Markdown for the tooltip. */
  tooltip: string;
  warning: boolean;
}

/** Last path segment of a URI or path, decoded. */
export function baseName(uriOrPath: string): string {
  const clean = uriOrPath.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A URI's path relative to its workspace folder (the client's `asRelativePath`). */
export type RelativeOf = (uri: string) => string;

/** The decoded path of a file URI. */
function pathOf(uri: string): string {
  return decoded(uri.replace(/[?#].*$/, '').replace(/^file:\/\//, ''));
}

/** A config file as the status item names it: relative to its workspace folder when the client can tell, else
 *  its folder's name and its own; so two configs of one name in two folders read differently. */
function configPath(uri: string, relativeOf?: RelativeOf): string {
  if (relativeOf) return relativeOf(uri).replace(/\\/g, '/');
  return pathOf(uri).split('/').filter(Boolean).slice(-2).join('/');
}

/** The folder of a config, for the tooltip: workspace-relative (`.` for the folder itself), else the full path. */
function configFolder(uri: string, relativeOf?: RelativeOf): string {
  const p = relativeOf ? configPath(uri, relativeOf) : pathOf(uri);
  const cut = p.lastIndexOf('/');
  return cut < 0 ? '.' : cut === 0 ? '/' : p.slice(0, cut);
}

function sourceLabel(s: GateSourceStatus, relativeOf?: RelativeOf): string {
  switch (s.kind) {
    case 'config':
      return configPath(s.name, relativeOf);
    case 'cluster':
      return 'cluster';
    case 'setting':
      return 'settings';
  }
}

function decoded(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/** The status as it applies to one document (the active editor): its version, and of the config sources only
 *  those that govern it. The workspace-wide status when the server sent no entry for it. */
export function statusFor(status: StatusParams, documentUri: string | undefined): { status: StatusParams; document?: string; templates?: number; taken?: Taken } {
  // The server writes URIs with Node's pathToFileURL, VS Code with its own encoder: compare them decoded.
  const same = (a: string, b: string): boolean => a === b || decoded(a) === decoded(b);
  const entry = documentUri ? status.documents?.find((d) => same(d.uri, documentUri)) : undefined;
  if (!entry) return { status };
  const gateSources = status.gateSources
    .filter((s) => s.kind !== 'config' || entry.configs.includes(s.name))
    .sort((a, b) => (a.kind === 'config' && b.kind === 'config' ? entry.configs.indexOf(a.name) - entry.configs.indexOf(b.name) : 0));
  return {
    status: { ...status, kubernetesVersion: entry.kubernetesVersion ?? status.kubernetesVersion, gateSources },
    document: entry.uri,
    ...(entry.templates ? { templates: entry.templates } : {}),
    ...(entry.taken ? { taken: entry.taken } : {}),
  };
}

type Taken = NonNullable<NonNullable<StatusParams['documents']>[number]['taken']>;

/** The status item's words for what the file was taken for: a chart's template names its chart; a file with nothing
 *  judged as objects (a chart's metadata or values, a kustomization, not Kubernetes) says so instead of its gates. */
/** `40 templates` (the chart's template files), or `template` when the server did not count them. */
function chartTemplates(count: number | undefined): string {
  return count === undefined ? 'template' : count === 1 ? '1 template' : `${count} templates`;
}

function takenLabel(taken: Taken | undefined, templates: number | undefined): string | undefined {
  if (taken?.chart && templates) return `chart ${taken.chart.name}: ${chartTemplates(taken.chart.templates)} not checked`;
  // A template outside a chart keeps the words below (`template: not checked`) beside its gates.
  if (taken && !taken.checked && !templates) return `${taken.what}: not checked`;
  return undefined;
}

/** e.g. `K8s 1.37 · gates: dev/kind.yaml` (a config with its folder; several sources joined with `+`, `defaults`
 *  when none). With the active editor's URI: what applies to that document (statusFor), and `· template: not
 *  checked` when some of its YAML documents are Go/Helm templates (so that "not checked" never looks like "fine"). */
export function formatStatus(whole: StatusParams, trusted: boolean, activeUri?: string, relativeOf?: RelativeOf): StatusView {
  const { status, document, templates, taken } = statusFor(whole, activeUri);
  const label = takenLabel(taken, templates);
  const labels = [...new Set(status.gateSources.map((s) => sourceLabel(s, relativeOf)))];
  const gates = labels.length === 0 ? 'defaults' : labels.length <= 2 ? labels.join(' + ') : `${labels[0]} +${labels.length - 1}`;
  const clusterTrouble = status.cluster.state === 'unreachable';
  const settingErrors = status.settingErrors ?? [];
  const icon = clusterTrouble || settingErrors.length > 0 ? '$(warning) ' : trusted ? '' : '$(shield) ';
  const text = `${icon}K8s ${status.kubernetesVersion} · ${label ?? `gates: ${gates}${templates ? ' · template: not checked' : ''}`}`;

  const lines: string[] = [];
  if (settingErrors.length > 0) {
    lines.push('**Setting errors** (fix them in the settings):');
    for (const e of settingErrors) lines.push(`- ${e}`);
    lines.push('');
  }
  const about = document ? ` \`${baseName(document)}\`` : '';
  lines.push(`**Kubegate** checks${about} against Kubernetes **${status.kubernetesVersion}** (from ${status.versionSource}).`);
  if (taken?.chart && templates) {
    lines.push('', `A template of chart **${taken.chart.name}** (${chartTemplates(taken.chart.templates)} in the chart): not checked. Render the chart and check the output: \`helm template … | kubegate check -\`.`);
  } else if (taken && !templates) {
    lines.push('', `Taken for ${taken.what}: ${taken.checked ? 'checked as such' : 'no Kubernetes object to check'}.`);
  } else if (templates) {
    const which = templates === 1 ? 'One YAML document is a Go/Helm template' : `${templates} YAML documents are Go/Helm templates`;
    lines.push('', `${which} ({{ … }}): not checked beyond a plain apiVersion and kind. Check the rendered output: \`helm template … | kubegate check -\`.`);
  }
  if (status.gateSources.length === 0) {
    lines.push('', 'Gate states: the defaults of that version (no settings, configs or cluster say otherwise).');
  } else {
    lines.push('', 'Gate states come from, strongest first:');
    for (const s of status.gateSources) {
      const n = Object.keys(s.gates).length;
      const where = s.kind === 'config' ? ` in folder \`${configFolder(s.name, relativeOf)}\`` : '';
      lines.push(`- ${s.kind} \`${s.kind === 'config' ? baseName(s.name) : sourceLabel(s)}\`${where}: ${n} gate${n === 1 ? '' : 's'}`);
    }
  }
  const c = status.cluster;
  const clusterLine =
    c.state === 'disabled'
      ? trusted
        ? 'Cluster: not read (kubegate.cluster.enabled is off).'
        : 'Cluster: not read (the workspace is not trusted).'
      : `Cluster: ${c.state}${c.context ? ` (context \`${c.context}\`)` : ''}${c.gitVersion ? `, ${c.gitVersion}` : ''}.`;
  lines.push('', clusterLine);
  for (const n of [...c.notes, ...status.notes]) lines.push(`- ${n}`);
  lines.push('', 'Click to show the feature gates this workspace needs.');
  return { text, tooltip: lines.join('\n'), warning: clusterTrouble || status.notes.length > 0 || settingErrors.length > 0 };
}

/** The setting errors to notify about: those not notified before (one notification per distinct set). */
export function newSettingErrors(status: StatusParams, alreadyShown: Set<string>): string[] {
  const fresh = (status.settingErrors ?? []).filter((e) => !alreadyShown.has(e));
  for (const e of fresh) alreadyShown.add(e);
  return fresh;
}
