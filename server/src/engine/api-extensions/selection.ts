// A bundled CRD pack selection as written in settings and on the command line (pure: the settings contract
// and the client use it too).

/** One pack selection: `gateway-api@1.5 experimental`, `external-snapshotter@v8.4.0`, `experimental`. */
export interface PackSelection {
  project?: string;
  release?: string;
  channel?: 'standard' | 'experimental';
}

export function parseSelection(text: string): PackSelection | undefined {
  const m = /^\s*(?:([a-z0-9][a-z0-9-]*)(?:@(v?[0-9][0-9.]*))?)?\s*(standard|experimental)?\s*$/i.exec(text);
  if (!m || (!m[1] && !m[3])) return undefined;
  if (m[1] && (m[1].toLowerCase() === 'standard' || m[1].toLowerCase() === 'experimental') && !m[2] && !m[3]) {
    return { channel: m[1].toLowerCase() as 'standard' | 'experimental' };
  }
  return {
    ...(m[1] ? { project: m[1] } : {}),
    ...(m[2] ? { release: m[2].replace(/^v/, '') } : {}),
    ...(m[3] ? { channel: m[3].toLowerCase() as 'standard' | 'experimental' } : {}),
  };
}
