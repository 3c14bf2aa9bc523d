// The finding-code registry: everything Kubegate states about a finding code, in one place. Per code: the shape of
// its `data` (FindingData, ./finding-data.ts), default severity, one-line summary, full description, LSP tags,
// whether the engine has fixes for it, and the pipeline stage and verdict it gets by default. The README codes table
// (one anchor per code), the SARIF rules, the `kubegate.severity` enum and the verdict step derive from it
// (scripts/codes/readme.ts, `npm run contributes`). Adding a code: an entry in FindingData and in CODE_TABLE (plus
// tests); a code keeps its meaning.
import type { FindingOf } from './finding';
import type { FindingData } from './finding-data';
import type { Severity } from '../base/types';
import type { Stage, Verdict, VerdictData } from './verdicts';

export type DiagnosticTagName = 'unnecessary' | 'deprecated';

export interface CodeInfo<C extends keyof FindingData = keyof FindingData> {
  severity: Severity;
  /** When the code is given, in a few words (settings enum, SARIF short description, `kubegate explain`). */
  summary: string;
  /** What the code means in full: what the API server (or the component) does, and what to do. */
  description: string;
  /** LSP diagnostic tags. */
  tags?: readonly DiagnosticTagName[];
  /** The engine offers fixes beyond the disable comments (for some findings of the code). */
  fixable: boolean;
  /** The pipeline stage and verdict of a finding of this code; undefined: no verdict (Kubegate did not check). */
  verdict(data: FindingData[C] | undefined, finding: FindingOf<C>): VerdictData | undefined;
}
const v = (stage: Stage, verdict: Verdict): VerdictData => ({ stage, verdict });
function gateKnownOff(data: FindingData['feature-gate'] | undefined): boolean {
  return (data?.state ?? []).some((s) => s.state === 'off');
}
export const CODE_TABLE: { readonly [C in keyof FindingData]: CodeInfo<C> } = {
  'yaml-syntax': {
    severity: 'error',
    summary: 'a parse error or a duplicate key in a document',
    description: 'The YAML (or JSON) does not parse, a mapping repeats a key, or the document holds what kubectl\'s YAML reader refuses (a control character, a list or a mapping as a key); kubectl refuses to send such a document. That document is not checked further, the other documents of the file are. Fix the syntax at the marked place.',
    fixable: false,
    verdict: (d) => (d?.kustomization ? undefined : v('decode', 'rejected')),
  },
  'unknown-field': {
    severity: 'error',
    summary: 'a key that is not a field of its type',
    description: 'The key is not a field of its type in the target Kubernetes version. kubectl asks the API server for strict field validation, so the object is refused. Rename it (a close field name is suggested when there is one) or remove it.',
    fixable: true,
    // Unknown fields refuse the object: kubectl's --validate defaults to "strict", which asks the API server for
    // strict field validation (kubernetes/kubernetes staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go
    // @ 01aa0f3f6052c9866dcb69054d8924fa8c96e3cb, GetValidationDirective).
    verdict: () => v('decode', 'rejected'),
  },
  'invalid-value': {
    severity: 'error',
    summary: 'a value of the wrong type, or outside an +enum',
    description: 'The value has a type the decoder refuses (typed as kubectl reads YAML, e.g. a number where a string is expected), is not one of the values the field allows, or breaks a declarative or hand-written validation rule; the API server refuses the object. Inside a field dropped while its gate is off, or under status, the rule is a warning or a note. Write a value of the expected type and range.',
    fixable: true,
    // A value of the wrong JSON type fails decoding; a value outside an enum, a broken rule or a null on a required
    // field fails validation.
    verdict: (d) =>
      d?.expected !== undefined && d.got !== undefined && d.got !== 'null' && d.rule === undefined ? v('decode', 'rejected') : v('validation', 'rejected'),
  },
  'missing-field': {
    severity: 'error',
    summary: 'a field explicitly marked required is absent',
    description: 'A field the API marks as required is absent (never reported under status); validation refuses the object. Add the field.',
    fixable: false,
    verdict: () => v('validation', 'rejected'),
  },
  'unknown-kind': {
    severity: 'error',
    summary: 'a served built-in group/version without that kind',
    description: 'The apiVersion is served by the target version, but it has no kind of that name, so the API server cannot decode the object. Correct the kind (a close name is suggested) or the apiVersion.',
    fixable: true,
    verdict: () => v('decode', 'rejected'),
  },
  'api-not-served': {
    severity: 'error',
    summary: 'the apiVersion/kind is not served in the target version',
    description: 'The target Kubernetes version does not serve this apiVersion and kind (removed, never shipped, or a group-version kube-apiserver never serves), so applying fails; the message names the served apiVersion where there is one. In a --runtime-config entry, the API server refuses to start. Move to the served apiVersion.',
    fixable: true,
    verdict: (d) => (d?.runtimeConfig === true ? v('startup', 'rejected') : v('decode', 'rejected')),
  },
  'api-disabled-by-default': {
    severity: 'warning',
    summary: 'an alpha/beta version of a built-in group: off unless --runtime-config enables it',
    description: 'Since Kubernetes 1.24 (KEP-3136) new alpha and beta API versions are served only when the API server is started with --runtime-config enabling them; applying fails on a cluster that does not. A webhook payload kind is never served. Enable the version on the API server (and tell Kubegate through a config), or use a GA version.',
    fixable: true,
    verdict: (d) => (d?.payload === true ? v('decode', 'rejected') : v('decode', 'rejected-unless-enabled')),
  },
  'api-deprecated': {
    severity: 'warning',
    summary: 'the apiVersion/kind is deprecated in the target version',
    description: 'The API server still accepts this apiVersion but answers with a deprecation warning, and a later version removes it. Move to the replacement apiVersion the message names before upgrading.',
    tags: ['deprecated'],
    fixable: true,
    verdict: () => v('warning', 'accepted-with-warning'),
  },
  'api-warning': {
    severity: 'warning',
    summary: 'the API server accepts the object with a warning (deprecated volume, label, annotation, …)',
    description: 'kube-apiserver stores the object but returns a warning header: a deprecated or non-functional volume type, a deprecated node label or annotation, a fractional byte quantity, a null label selector, an unqualified finalizer on a custom resource, and the like. Change what the message names; the object keeps working meanwhile.',
    fixable: false,
    verdict: () => v('warning', 'accepted-with-warning'),
  },
  'yaml11-scalar': {
    severity: 'information',
    summary: 'a number with a leading zero that kubectl reads as octal, outside a file-mode field',
    description: 'kubectl reads YAML 1.1 scalars: a number written with a leading zero (0700) becomes an octal number (448), which is rarely what a non-mode field means. Quote it or drop the leading zero.',
    fixable: false,
    verdict: () => v('decode', 'note'),
  },
  'value-not-recognised': {
    severity: 'information',
    summary: 'a value outside a comment-derived config enum (weak data)',
    description: 'The value is not among the values a component config documents in its comments. That list may be incomplete, so this is never an error; check the spelling against the component documentation.',
    fixable: false,
    verdict: () => v('startup', 'note'),
  },
  'feature-gate': {
    severity: 'warning',
    summary: 'a field needs an alpha, or default-off beta, gate not known to be on',
    description: 'The field, value or kind needs a feature gate that is alpha, or beta and off by default (or switched off), and the gate is not known to be on for every component that needs it. Depending on the gate the API server drops the field silently, refuses the object, or the component ignores it. Enable the gate in the cluster config (the fix edits the kind config), or do not use the field. Information when some components are known on and none off.',
    fixable: true,
    verdict: (d) => {
      if (d?.config === true) return v('startup', 'ignored');
      if (d?.via === 'field') return v('drop', 'dropped');
      return v(d?.via === 'kind' ? 'decode' : 'validation', gateKnownOff(d) ? 'rejected' : 'rejected-unless-enabled');
    },
  },
  'field-not-in-version': {
    severity: 'error',
    summary: 'a field added after the target version',
    description: 'The field exists only in a later Kubernetes version than the target (the message names it); the API server of the target version refuses it as an unknown field. Target that version or later, or remove the field.',
    fixable: true,
    verdict: () => v('decode', 'rejected'),
  },
  'gate-dependency': {
    severity: 'warning',
    summary: 'a needed gate needs another gate that is off',
    description: 'A gate the manifest needs depends on another gate that is off, so turning the first one on is not enough: the component refuses the combination or ignores it. Enable both (curated facts; coverage is limited).',
    fixable: true,
    verdict: () => v('startup', 'ignored'),
  },
  'unknown-gate': {
    severity: 'error',
    summary: 'a gate setting names no gate of the target version',
    description: 'A --feature-gates setting or config names a gate the target version does not have (unknown, removed or renamed); components refuse to start with it. Use the replacement name, or remove the setting.',
    fixable: true,
    verdict: () => v('startup', 'rejected'),
  },
  'locked-gate': {
    severity: 'error',
    summary: 'a gate locked to its default is set to the other value',
    description: 'The gate is locked to its default in the target version (GA or deprecated), and setting it to the other value stops components from starting. Remove the setting.',
    fixable: true,
    verdict: () => v('startup', 'rejected'),
  },
  'redundant-gate': {
    severity: 'information',
    summary: 'a GA gate is set to its default',
    description: 'The setting changes nothing today, and breaks start-up once a later version removes the gate. Remove it.',
    tags: ['unnecessary'],
    fixable: true,
    verdict: () => v('startup', 'note'),
  },
  'version-mismatch': {
    severity: 'information',
    summary: 'a config names a different Kubernetes version than the target',
    description: 'A repository config (kubeadm kubernetesVersion, kind node image) names another Kubernetes version than the one Kubegate checks against, so the answers may not fit that cluster. Align the target version with the config.',
    fixable: true,
    verdict: () => v('startup', 'note'),
  },
  'file-too-large': {
    severity: 'information',
    summary: 'the file is too large to check fully',
    description: "The file, a CRD schema or a document is over a size guard (the file's length, a schema's depth, how deeply a document nests), so only its syntax is checked, or nothing of that document. Split or flatten it; a file over the editor's length limit can be checked with the CLI.",
    fixable: false,
    verdict: () => v('decode', 'note'),
  },
  'too-many-findings': {
    severity: 'information',
    summary: 'a document has more findings than are reported',
    description: 'A document has more findings than the limit per document: the first ones are reported, then one summary of the rest. Fix the reported ones first.',
    fixable: false,
    verdict: () => v('decode', 'note'),
  },
  'experimental-channel': {
    severity: 'warning',
    summary: 'a Gateway API field, value, kind or version that the installed channel (standard by default) lacks',
    description: 'Only the experimental channel of the Gateway API CRDs has this field, value, kind or version, while the channel in use is standard (the default); the API server refuses it unless the experimental CRDs are installed. Install them (and say so in the settings), or do not use it.',
    fixable: false,
    verdict: () => v('decode', 'rejected-unless-enabled'),
  },
  'disable-comment': {
    severity: 'warning',
    summary: 'a disable comment names an unknown code, or (when asked) silences nothing',
    description: 'A # kubegate-disable comment names something that is not a finding code (so it silences nothing for it; a close code is suggested), or, with --report-unused-disables, the comment or a code it names silences nothing. Correct or remove the name.',
    fixable: false,
    // A comment kubectl drops when it reads the YAML: the disable comment itself silences nothing.
    verdict: () => v('decode', 'ignored'),
  },
  'check-failed': {
    severity: 'warning',
    summary: 'Kubegate failed on the file (an internal error or damaged data): the file is not checked',
    description: 'Kubegate could not check the file: an internal error or a damaged data folder. The file is reported instead of passing silently, and nothing is said about what the API server would do. Report it with the file; the CLI shows details with KUBEGATE_DEBUG=1, the editor in the Kubegate output.',
    fixable: false,
    verdict: () => undefined,
  },
  'template-not-checked': {
    severity: 'information',
    summary: 'a document with Go/Helm template markers ({{ … }}) is not checked',
    description: 'The document holds Go or Helm template markers ({{ … }}), so it is not valid YAML for kubectl and is not checked as a whole; a plain top-level apiVersion and kind are still checked. Check the rendered output instead (helm template … | kubegate check -).',
    fixable: false,
    // kubectl cannot read a template; what reaches the API server is the rendered output.
    verdict: () => v('decode', 'note'),
  },
  'settings-relaxed': { severity: 'warning', summary: 'a nested .kubegate.yaml relaxes the policy of the root one', description: "A .kubegate.yaml below the folder a run starts in governs its folder alone, so it can lower or turn off a code the root's settings report, ignore files, skip kinds or fail on less. Each such key is reported on its own line, and kubegate check lists every settings file with the files it ignored and the findings it turned off. Remove the key or change the root settings; kubegate check --settings FILE applies one settings file to every file and refuses the nested ones.", fixable: false, verdict: () => v('decode', 'ignored') },
};
