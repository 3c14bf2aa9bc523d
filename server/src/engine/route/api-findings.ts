// Findings about the API a routed kind belongs to: an alpha/beta version off by default, a webhook payload the API
// server does not serve, a deprecated version and its served replacement.
import { finding } from '../codes';
import type { KindEntry } from '../knowledge/data-contract';
import { isServedApiKind, kindsNamed } from '../knowledge/version-index';
import type { Finding } from '../codes/finding';
import type { Range } from '../base/types';
import type { AnalyzeInputs } from './inputs';

export function apiFindings(
  entry: KindEntry,
  inputs: AnalyzeInputs,
  where: Range,
  add: (f: Finding) => void,
): void {
  if (entry.component) return;
  const path = `${entry.apiVersion}/${entry.kind}`;
  if (/(?:alpha|beta)\d+$/.test(entry.version) && entry.payload && inputs.data.served?.notServed[entry.apiVersion] !== undefined) {
    add(finding('api-disabled-by-default', {
      message: `${entry.apiVersion} ${entry.kind} is a webhook payload: the API server does not serve it`,
      fix: 'Send it to the webhook that expects it; --runtime-config cannot enable it.',
      detail: inputs.data.served.notServed[entry.apiVersion],
      path,
      range: where,
      data: { apiVersion: entry.apiVersion, kind: entry.kind, stability: entry.stability, payload: true },
    }));
  } else if (/(?:alpha|beta)\d+$/.test(entry.version)) {
    {
      // A runtime-config source that enables the version silences this in the gate step (engine/gates).
      add(finding('api-disabled-by-default', {
        message: `Applying fails unless enabled: ${entry.apiVersion} is ${entry.stability === 'alpha' ? 'an alpha' : 'a beta'} API version, off by default`,
        fix: `Enable it with --runtime-config=${entry.apiVersion}=true on the API server, or use a GA version when there is one.`,
        detail: 'Since Kubernetes 1.24 (KEP-3136) new alpha and beta API versions are served only when --runtime-config enables them.',
        path,
        range: where,
        data: { apiVersion: entry.apiVersion, kind: entry.kind, stability: entry.stability },
      }));
    }
  }
  if (entry.deprecated) {
    const replacement = entry.replacement ?? servedReplacement(entry, inputs.data);
    add(finding('api-deprecated', {
      message:
        `${entry.apiVersion} ${entry.kind} is deprecated` +
        (entry.deprecatedIn ? ` since ${entry.deprecatedIn}` : '') +
        (entry.removedIn ? ` and goes away in ${entry.removedIn}` : ''),
      fix: replacement
        ? `Move to ${replacement}.`
        : 'Move to a newer apiVersion of this kind before the one you use goes away.',
      path,
      range: where,
      data: {
        apiVersion: entry.apiVersion,
        kind: entry.kind,
        ...(entry.deprecatedIn ? { deprecatedIn: entry.deprecatedIn } : {}),
        ...(entry.removedIn ? { removedIn: entry.removedIn } : {}),
        ...(replacement ? { replacement } : {}),
      },
    }));
  }
}

/** The served, not deprecated apiVersion of the same group and kind (stable first), as "apiVersion Kind". */
function servedReplacement(entry: KindEntry, data: AnalyzeInputs['data']): string | undefined {
  const rank = (k: KindEntry) => (k.stability === 'stable' ? 0 : k.stability === 'beta' ? 1 : 2);
  const next = kindsNamed(data, entry.kind)
    .filter((k) => k.group === entry.group && k.apiVersion !== entry.apiVersion && isServedApiKind(k) && !k.deprecated)
    .sort((a, b) => rank(a) - rank(b))[0];
  return next ? `${next.apiVersion} ${next.kind}` : undefined;
}

