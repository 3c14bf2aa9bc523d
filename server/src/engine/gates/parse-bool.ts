// Boolean values as Go's strconv.ParseBool reads them: components parse feature-gate values this way.

const TRUE_FORMS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_FORMS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** true / false for the forms ParseBool accepts, undefined for anything else. */
export function parseGoBool(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : undefined;
  if (typeof raw !== 'string') return undefined;
  if (TRUE_FORMS.has(raw)) return true;
  if (FALSE_FORMS.has(raw)) return false;
  return undefined;
}
