// Feature-gate values read as Go's strconv.ParseBool reads them (engine parseGoBool): its six true and six false
// spellings, a YAML boolean as it is, a YAML number only as 1 or 0, anything else not a value.
import { describe, expect, it } from 'vitest';
import { parseGoBool } from '../../server/src/engine';

describe('parseGoBool', () => {
  it('the accepted spellings of true and false, and nothing else', () => {
    for (const t of ['1', 't', 'T', 'TRUE', 'true', 'True']) expect(parseGoBool(t), t).toBe(true);
    for (const f of ['0', 'f', 'F', 'FALSE', 'false', 'False']) expect(parseGoBool(f), f).toBe(false);
    for (const other of ['', 'yes', 'on', 'tRUE', ' true', '2']) expect(parseGoBool(other), other).toBeUndefined();
  });

  it('booleans as they are; numbers 1 and 0 only; other types are no value', () => {
    expect(parseGoBool(true)).toBe(true);
    expect(parseGoBool(false)).toBe(false);
    expect(parseGoBool(1)).toBe(true);
    expect(parseGoBool(0)).toBe(false);
    expect(parseGoBool(2)).toBeUndefined();
    expect(parseGoBool(-1)).toBeUndefined();
    expect(parseGoBool(null)).toBeUndefined();
    expect(parseGoBool(undefined)).toBeUndefined();
    expect(parseGoBool({})).toBeUndefined();
  });
});
