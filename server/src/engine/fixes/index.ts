// fixesFor(finding, context): every quick fix the engine offers for one finding, preferred one first.
// Each fix is a list of minimal text edits (or a new file, or a setting change); nothing else in any file changes.
import type { Finding } from '../types';
import type { Fix, FixContext } from './types';
import { fixInput } from './input';
import { enableGateFixes } from './enable-gate';
import { booleanToWildcardList, moveIntoListEntries, nameValueListToMap } from './shapes';
import { apiVersionFixes, fieldNameFixes, gateNameFixes, kindNameFixes, removeSettingFixes } from './rename';
import { removeFieldFixes } from './remove-field';
import { serveApiFixes } from './serve-api';
import { targetVersionFixes } from './target-version';
import { append } from '../append';
import { controllerGateFixes, customApiVersionFixes, isControllerGateFinding } from '../crd/fixes';

export function fixesFor(finding: Finding, context: FixContext): Fix[] {
  if (isControllerGateFinding(finding)) return controllerGateFixes(finding, context.offerSetting);
  if (typeof finding.data?.source === 'string' && (finding.code === 'api-not-served' || finding.code === 'api-deprecated')) {
    return customApiVersionFixes(finding, context.text, context.file);
  }
  const input = fixInput(finding, context);
  const out: Fix[] = [];
  switch (finding.code) {
    case 'feature-gate':
    case 'gate-dependency':
      append(out, enableGateFixes(input));
      if (finding.code === 'feature-gate') append(out, removeFieldFixes(input));
      break;
    case 'field-not-in-version':
      append(out, removeFieldFixes(input));
      break;
    case 'unknown-field':
      append(out, [...fieldNameFixes(input), ...moveIntoListEntries(input)]);
      break;
    case 'invalid-value':
      append(out, [...booleanToWildcardList(input), ...nameValueListToMap(input)]);
      break;
    case 'unknown-kind':
      append(out, kindNameFixes(input));
      break;
    case 'unknown-gate':
      append(out, gateNameFixes(input));
      break;
    case 'locked-gate':
      append(out, removeSettingFixes(input, `Remove the setting of ${String(finding.data?.gate ?? 'this gate')} (it is locked to its default)`));
      break;
    case 'redundant-gate':
      append(out, removeSettingFixes(input, `Remove the redundant setting of ${String(finding.data?.gate ?? 'this gate')}`));
      break;
    case 'api-not-served':
    case 'api-deprecated':
      append(out, apiVersionFixes(input));
      break;
    case 'api-disabled-by-default':
      append(out, [...apiVersionFixes(input), ...serveApiFixes(input)]);
      break;
    case 'version-mismatch':
      append(out, targetVersionFixes(input));
      break;
    default:
      break;
  }
  // Only one preferred fix: the first one that claims it.
  let preferred = false;
  for (const f of out) {
    if (f.isPreferred && preferred) delete f.isPreferred;
    if (f.isPreferred) preferred = true;
  }
  return out;
}

export type { Fix, FixContext, FileEdit, TextEdit, CreateFile, SettingChange, ConfigFileText } from './types';
export { kindConfigFor } from './kind-config';
export { applyRangeEdits } from '../line-index';
