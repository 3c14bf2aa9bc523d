// fixesFor(finding, context): every quick fix the engine offers for one finding, preferred one first.
// Each fix is a list of minimal text edits (or a new file, or a setting change); nothing else in any file changes.
import type { Finding, FindingCode, FindingOf } from '../codes/finding';
import type { Fix, FixContext } from './types';
import { fixInput, type FixInput } from './input';
import { enableGateFixes } from './enable-gate';
import { booleanToWildcardList, moveIntoListEntries, nameValueListToMap } from './shapes';
import { apiVersionFixes, fieldNameFixes, gateNameFixes, kindNameFixes, removeSettingFixes, valueFixes } from './rename';
import { removeFieldFixes } from './remove-field';
import { serveApiFixes } from './serve-api';
import { targetVersionFixes } from './target-version';
import { controllerGateFixes, customApiVersionFixes, isControllerGateFinding } from './crd-fixes';

/** The fix builders of each code that has some (codes/registry.ts `fixable` says the same; a test checks it),
 *  reading the finding's typed data. Disable comments, which every finding gets, are fixes/disable.ts. */
export const FIXES: { readonly [C in FindingCode]?: (input: FixInput, finding: FindingOf<C>) => Fix[] } = {
  'feature-gate': (input) => [...enableGateFixes(input), ...removeFieldFixes(input)],
  'gate-dependency': (input) => enableGateFixes(input),
  'field-not-in-version': (input) => removeFieldFixes(input),
  'unknown-field': (input) => [...fieldNameFixes(input), ...moveIntoListEntries(input)],
  'invalid-value': (input) => [...valueFixes(input), ...booleanToWildcardList(input), ...nameValueListToMap(input)],
  'unknown-kind': (input) => kindNameFixes(input),
  'unknown-gate': (input) => gateNameFixes(input),
  'locked-gate': (input, f) => removeSettingFixes(input, `Remove the setting of ${f.data?.gate ?? 'this gate'} (it is locked to its default)`),
  'redundant-gate': (input, f) => removeSettingFixes(input, `Remove the redundant setting of ${f.data?.gate ?? 'this gate'}`),
  'api-not-served': (input) => apiVersionFixes(input),
  'api-deprecated': (input) => apiVersionFixes(input),
  'api-disabled-by-default': (input) => [...apiVersionFixes(input), ...serveApiFixes(input)],
  'version-mismatch': (input) => targetVersionFixes(input),
};

export function fixesFor(finding: Finding, context: FixContext): Fix[] {
  if (isControllerGateFinding(finding)) return controllerGateFixes(finding, context.offerSetting);
  if ((finding.code === 'api-not-served' || finding.code === 'api-deprecated') && finding.data?.source !== undefined) {
    return customApiVersionFixes(finding, context.text, context.file);
  }
  const input = fixInput(finding, context);
  const builder = FIXES[finding.code] as ((input: FixInput, finding: Finding) => Fix[]) | undefined;
  const out: Fix[] = builder ? builder(input, finding) : [];
  // Only one preferred fix: the first one that claims it.
  let preferred = false;
  for (const f of out) {
    if (f.isPreferred && preferred) delete f.isPreferred;
    if (f.isPreferred) preferred = true;
  }
  return out;
}

export type { Fix, FixContext, TextEdit } from './types';
export { kindConfigFor } from './kind-config';
