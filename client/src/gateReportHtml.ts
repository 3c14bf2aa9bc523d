// HTML of the gate view (a webview) from a `kubegate/gateReport` answer. Pure: the caller supplies the
// nonce and the Content-Security-Policy source; every value from the server is escaped.
import type { GateReportEntry, GateReportResult, LspLocation } from '../../server/src/contract/protocol';
import { baseName } from './statusText';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Only http(s) links become anchors; anything else is shown as text. */
function safeUrl(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function locationLink(loc: LspLocation, label: string): string {
  const data = escapeHtml(JSON.stringify(loc));
  return `<a href="#" class="loc" data-location="${data}">${escapeHtml(label)}</a>`;
}

function where(loc: LspLocation): string {
  return `${baseName(loc.uri)}:${loc.range.start.line + 1}`;
}

function defaultText(d: boolean | null | undefined): string {
  return d === true ? 'on' : d === false ? 'off' : '—';
}

/** The state words of a row: "on (locked)", "off (default)", "mixed", … */
export function stateText(e: Pick<GateReportEntry, 'state' | 'locked' | 'default'>): string {
  if (e.locked) return `${e.state} (locked)`;
  if (e.state === 'unknown') return e.default === true ? 'on (default)' : e.default === false ? 'off (default)' : 'unknown';
  return e.state;
}

/** Why a gate is "mixed" (or partly on): the state per component and what says so. */
function componentLines(e: GateReportEntry): string {
  const list = e.componentStates ?? [];
  if (list.length === 0) return `<div class="components">${escapeHtml(e.components.join(', '))}</div>`;
  // Sources every component shares (one kind config for all) are shown once, below the list.
  const key = (c: (typeof list)[number]) => c.sources.join('\u0000');
  const shared = list.every((c) => key(c) === key(list[0]!)) ? list[0]!.sources : [];
  const items = list.map((c) => {
    const word = c.state === 'unknown' ? (e.default === true ? 'on (default)' : 'not set') : c.state;
    const own = shared.length ? [] : c.sources;
    const why = own.length ? ` <span class="why">(${escapeHtml(own.join('; '))})</span>` : '';
    return `<li class="cs-${escapeHtml(c.state)}">${escapeHtml(c.component || 'any component')}: <b>${escapeHtml(word)}</b>${why}</li>`;
  });
  const common = shared.length ? `<div class="why">${escapeHtml(shared.join('; '))}</div>` : '';
  return `<ul class="components">${items.join('')}</ul>${common}`;
}

function row(e: GateReportEntry): string {
  const kepUrl = e.kep ? safeUrl(e.kep.url) : undefined;
  const kep = e.kep
    ? kepUrl
      ? `<a href="${escapeHtml(kepUrl)}" title="${escapeHtml(e.kep.title)}">KEP-${e.kep.number}</a>`
      : `KEP-${e.kep.number}`
    : '—';
  const needed = (e.neededBy ?? []).map((g) => `<li class="needed-by">needed by <strong>${escapeHtml(g)}</strong></li>`).join('');
  const used = e.usedAt.map((u) => `<li>${locationLink(u, where(u))} <code>${escapeHtml(u.path)}</code></li>`).join('') + needed;
  const set = e.setAt.length
    ? e.setAt
        .map((s) => {
          const value = s.value === undefined ? '?' : String(s.value);
          const label = s.location ? locationLink(s.location, where(s.location)) : escapeHtml(s.source);
          return `<li>${label}: <code>${escapeHtml(value)}</code></li>`;
        })
        .join('')
    : `<li class="none">nowhere${e.locked ? ' (locked: no setting can change it)' : ''}</li>`;
  const state = stateText(e);
  const mixed = e.state === 'mixed' ? '<div class="explain">Uses disagree: see the state per component.</div>' : '';
  return [
    `<tr class="gate state-${escapeHtml(e.state)}${e.locked ? ' locked' : ''}" data-gate="${escapeHtml(e.gate)}">`,
    `<td class="name" data-label="Gate"><strong>${escapeHtml(e.gate)}</strong>${componentLines(e)}</td>`,
    `<td data-label="Stage">${escapeHtml(e.stage ?? '—')}</td>`,
    `<td data-label="Default">${defaultText(e.default)}</td>`,
    `<td class="state" data-label="State">${escapeHtml(state)}${mixed}</td>`,
    `<td data-label="KEP">${kep}</td>`,
    `<td data-label="Used at"><ul>${used}</ul></td>`,
    `<td data-label="Set at"><ul>${set}</ul></td>`,
    '</tr>',
  ].join('');
}

export interface GateViewPage {
  nonce: string;
  /** The webview's `cspSource`. */
  cspSource: string;
}

/** The content of the page (heading and table): sent again as an update message when the report changes, so the
 *  open view refreshes in place (no reload, no focus taken from the editor or a quick pick). */
function table(gates: GateReportEntry[], empty: string): string {
  return gates.length
    ? `<table><thead><tr><th>Gate</th><th>Stage</th><th>Default</th><th>State</th><th>KEP</th><th>Used at</th><th>Set at</th></tr></thead>
<tbody>${gates.map(row).join('\n')}</tbody></table>`
    : `<p class="empty">${empty}</p>`;
}

export function renderGateReportBody(report: GateReportResult): string {
  const heading = `<h2>Feature gates needed by this workspace (Kubernetes ${escapeHtml(report.kubernetesVersion)})</h2>`;
  // Several clusters (documents governed by different configs): one section each, never one merged state.
  if (report.scopes && report.scopes.length > 1) {
    const sections = report.scopes.map(
      (s) => `<section class="scope"><h3>${escapeHtml(s.label)}</h3>\n${table(s.gates, 'No manifest governed by these configs uses a feature-gated field, value or kind.')}</section>`,
    );
    return `${heading}\n${sections.join('\n')}`;
  }
  return `${heading}\n${table(report.gates, 'No manifest in this workspace uses a feature-gated field, value or kind.')}`;
}

export function renderGateReport(report: GateReportResult, page: GateViewPage): string {
  const nonce = escapeHtml(page.nonce);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${escapeHtml(page.cspSource)} 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<title>Kubegate: feature gates</title>
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border); }
ul { margin: 0; padding-left: 1em; }
.components { opacity: .85; font-size: 90%; list-style: none; padding-left: 0; margin: 2px 0 0; }
.why { opacity: .75; }
.explain { font-weight: normal; font-size: 90%; opacity: .8; }
/* A narrow panel (a side column): one card per gate, each cell on its own line with its label. */
@media (max-width: 640px) {
  table, thead, tbody, tr, th, td { display: block; width: auto; }
  thead { display: none; }
  tr.gate { border-bottom: 1px solid var(--vscode-panel-border); padding: 6px 0; }
  td { border-bottom: none; padding: 2px 0; }
  td[data-label]:not(.name)::before { content: attr(data-label) ": "; opacity: .7; }
}
.state-off .state, .state-mixed .state { color: var(--vscode-editorWarning-foreground); font-weight: bold; }
.state-on .state { color: var(--vscode-testing-iconPassed); }
a { color: var(--vscode-textLink-foreground); }
</style></head>
<body>
<div id="root">${renderGateReportBody(report)}</div>
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
document.addEventListener('click', (ev) => {
  const a = ev.target instanceof Element ? ev.target.closest('a.loc') : null;
  if (!a) return;
  ev.preventDefault();
  vscode.postMessage({ type: 'open', location: JSON.parse(a.dataset.location) });
});
window.addEventListener('message', (ev) => {
  if (ev.data && ev.data.type === 'update' && typeof ev.data.html === 'string') document.getElementById('root').innerHTML = ev.data.html;
});
</script>
</body></html>`;
}
