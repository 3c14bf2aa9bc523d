// Minimal glob matching for the `kubegate.files` and `kubegate.configFiles` settings:
// `**` (any folders), `*` (within a name), `?`, `{a,b}`. Patterns without a slash match the file name anywhere.
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let i = 0;
  let inGroup = false;
  while (i < glob.length) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 3 : 2;
        continue;
      }
      re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      inGroup = true;
      re += '(?:';
    } else if (c === '}' && inGroup) {
      inGroup = false;
      re += ')';
    } else if (c === ',' && inGroup) re += '|';
    else re += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
    i++;
  }
  return new RegExp(`^${re}$`);
}

/** Whether `relPath` (forward slashes, relative to the workspace folder) matches one of the globs. */
export function matchesAny(relPath: string, globs: string[]): boolean {
  const p = relPath.replace(/\\/g, '/');
  const name = p.slice(p.lastIndexOf('/') + 1);
  return globs.some((g) => {
    const pattern = g.replace(/^\.\//, '');
    return pattern.includes('/') ? globToRegExp(pattern).test(p) : globToRegExp(pattern).test(name);
  });
}
