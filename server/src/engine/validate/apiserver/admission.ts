// admissionregistration.k8s.io/v1: ValidatingWebhookConfiguration and MutatingWebhookConfiguration (webhook
// names, side effects on create, timeouts, client config, admission review versions, rules, match conditions,
// selectors) and ValidatingAdmissionPolicy / ValidatingAdmissionPolicyBinding (required parts, names, rules, audit
// annotation keys, validation actions, paramRef, and the CEL expressions compiled as the server compiles them:
// cel-compile.ts). Values outside an enum (failurePolicy, matchPolicy, reinvocationPolicy, operations, scope) are
// the schema's.
import { at, type KindRule, type Say } from './rule-types';
import { briefFormatProblem } from '../declarative-formats';
import { checkLabelSelector } from './selector-rules';
import { isSet, itemOf, list, num, obj, objs, str, type Obj, type Value } from './object-view';
import { compileAdmission, POLICY_CEL_SOURCES, WEBHOOK_CEL_SOURCES, compileVariables, type AdmissionSite } from './cel-compile';
import { CEL_RESERVED } from '../cel-syntax';

const ADM = at('pkg/apis/admissionregistration/validation/validation.go', '03d48b76831a3a02d503c3075d818a76afd83cd8');
const ADM_V1_DEFAULTS = at('pkg/apis/admissionregistration/v1/defaults.go', 'ddd467a0e8b7a211671e5ecef9fc892391e478c6');
const WEBHOOK_UTIL = { repo: 'kubernetes/kubernetes', path: 'staging/src/k8s.io/apiserver/pkg/util/webhook/validation.go', commit: '2821f1617e3ce4f4ee17f6d0c770e2abbb5147a5' };
const WEBHOOKS = ['admissionregistration.k8s.io/ValidatingWebhookConfiguration', 'admissionregistration.k8s.io/MutatingWebhookConfiguration'];
const POLICY = ['admissionregistration.k8s.io/ValidatingAdmissionPolicy'];
const BINDING = ['admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding'];

/** AcceptedAdmissionReviewVersions and noSideEffectClasses (the create path). */
const REVIEW_VERSIONS = ['v1', 'v1beta1'];
const NO_SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const CEL_IDENT = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const MAX_MATCH_CONDITIONS = 64;
const MAX_AUDIT_ANNOTATIONS = 20;
const MAX_VALUE_EXPRESSION = 5 * 1024;

/** A string field as the decoder leaves it: left out or null, the empty string (undefined when not a string). */
function text(v: Value | undefined): string | undefined {
  return isSet(v) ? str(v) : '';
}

function strings(v: Value | undefined): (string | undefined)[] {
  return list(v).map((x) => (typeof x === 'string' ? x : undefined));
}

/** `'*'` with anything else in one list. */
function wildcardNotAlone(say: Say, path: string, values: (string | undefined)[], what: string): void {
  if (values.length > 1 && values.includes('*')) say.reject(path, `"*" in ${what} must stand alone`, `Keep only "*", or list the ${what} without it.`);
}

/** validateRule: apiGroups, apiVersions and resources of a rule at `path`, subresources allowed (the only way
 *  validateRuleWithOperations calls it). */
function checkRule(say: Say, rule: Obj, path: string): void {
  const groups = strings(rule['apiGroups']);
  const versions = strings(rule['apiVersions']);
  if (groups.length === 0) say.missing(`${path}.apiGroups`, 'a rule needs apiGroups ("" is the core group)', 'List the API groups, e.g. [""] or ["apps"].');
  wildcardNotAlone(say, `${path}.apiGroups`, groups, 'apiGroups');
  if (versions.length === 0) say.missing(`${path}.apiVersions`, 'a rule needs apiVersions', 'List the versions, e.g. ["v1"] or ["*"].');
  wildcardNotAlone(say, `${path}.apiVersions`, versions, 'apiVersions');
  versions.forEach((v, i) => {
    if (v === '') say.missing(itemOf(`${path}.apiVersions`, i), 'an apiVersions entry is empty', 'Write the version, e.g. v1.');
  });
  const resources = strings(rule['resources']);
  const rp = `${path}.resources`;
  if (resources.length === 0) say.missing(rp, 'a rule needs resources', 'List the resources, e.g. ["pods"] or ["*"].');
  const resWild = new Set<string>();
  const subWild = new Set<string>();
  // Stryker disable next-line BooleanLiteral: with no entry lacking "/" the list holds no "*" and the flag is not read.
  let plain = false;
  resources.forEach((r, i) => {
    if (r === undefined) return;
    if (r === '') {
      say.missing(itemOf(rp, i), 'a resources entry is empty', 'Write the resource, e.g. pods.');
      return;
    }
    const slash = r.indexOf('/');
    if (slash < 0) {
      plain = r !== '*';
      return;
    }
    const [res, sub] = [r.slice(0, slash), r.slice(slash + 1)];
    if (resWild.has(res)) say.reject(itemOf(rp, i), `${r} is already covered by ${res}/*`, `Remove ${r}.`, { value: r });
    if (subWild.has(sub)) say.reject(itemOf(rp, i), `${r} is already covered by */${sub}`, `Remove ${r}.`, { value: r });
    if (sub === '*') resWild.add(res);
    if (res === '*') subWild.add(sub);
  });
  if (resources.length > 1 && resources.includes('*/*')) say.reject(rp, '"*/*" in resources must stand alone', 'Keep only "*/*", or list the resources without it.');
  if (resources.includes('*') && plain) say.reject(rp, '"*" in resources covers every resource without a subresource; others may not be listed', 'Keep "*" (and subresources), or list the resources.');
}

/** validateRuleWithOperations. */
function checkRuleWithOperations(say: Say, rule: Obj, path: string): void {
  const ops = strings(rule['operations']);
  if (ops.length === 0) say.missing(`${path}.operations`, 'a rule needs operations', 'List the operations, e.g. [CREATE, UPDATE] or ["*"].');
  wildcardNotAlone(say, `${path}.operations`, ops, 'operations');
  checkRule(say, rule, path);
}

/** validateMatchConditions: each expression compiled by the stateless compiler (no `variables`), with `params`
 *  only in a policy that has a paramKind. */
function checkMatchConditions(say: Say, value: Value | undefined, path: string, params: boolean): void {
  const conditions = objs(value);
  if (conditions.length > MAX_MATCH_CONDITIONS) say.reject(path, `${conditions.length} match conditions; at most ${MAX_MATCH_CONDITIONS}`, 'Combine conditions.');
  const names = new Set<string>();
  for (const [c, i] of conditions) {
    const p = itemOf(path, i);
    const expression = text(c['expression']);
    if (expression !== undefined && expression.trim() === '') say.missing(`${p}.expression`, 'a match condition needs an expression', 'Write a CEL expression giving a boolean.');
    else if (expression !== undefined) compileAdmission(say, `${p}.expression`, expression.trim(), { params, authorizer: true }, 'bool');
    const name = text(c['name']);
    if (name === undefined) continue;
    if (name === '') say.missing(`${p}.name`, 'a match condition needs a name', 'Name the condition, e.g. exclude-leases.');
    else {
      const bad = briefFormatProblem('k8s-label-key', name);
      if (bad) say.reject(`${p}.name`, `match condition name "${name}" ${bad}`, 'Use a qualified name, e.g. exclude-leases.', { value: name });
      if (names.has(name)) say.reject(`${p}.name`, `match condition name ${name} is used twice`, 'Give each condition its own name.', { value: name });
      names.add(name);
    }
  }
}

/** ValidateWebhookURL with https required. */
function urlProblem(url: string): string | undefined {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'https') return `uses ${scheme ? `the scheme ${scheme}` : 'no scheme'}; only https is allowed`;
  // The fragment is all after the first "#", the query all after the first "?" before it.
  const parts = url.slice(scheme.length + 1).split('#');
  const beforeHash = parts[0] as string;
  const authority = /^\/\/([^/?]*)/.exec(beforeHash)?.[1] ?? '';
  if (authority.includes('@')) return 'has user information, which is not allowed';
  if (authority === '') return 'has no host';
  if (parts.slice(1).join('#') !== '') return 'has a fragment, which is not allowed';
  if (/\?./.test(beforeHash)) return 'has query parameters, which are not allowed';
  return undefined;
}

/** ValidateWebhookService: name, namespace, port, path segments. */
function checkService(say: Say, service: Obj, path: string): void {
  for (const field of ['name', 'namespace']) {
    if (str(service[field]) === '') say.missing(`${path}.${field}`, `the webhook service needs a ${field}`, `Set the Service's ${field}.`);
  }
  // SetDefaults_ServiceReference: port 443 when left out.
  const port = num(service['port']) ?? 443;
  if (port < 1 || port > 65535) say.reject(`${path}.port`, `port ${port} is not between 1 and 65535`, 'Use the Service port, e.g. 443.', { value: port });
  const urlPath = str(service['path']);
  if (urlPath === undefined || urlPath === '' || urlPath === '/') return;
  if (!urlPath.startsWith('/')) say.reject(`${path}.path`, `path "${urlPath}" must start with "/"`, `Write /${urlPath}.`, { value: urlPath });
  const trimmed = urlPath.slice(1).replace(/\/$/, '');
  trimmed.split('/').forEach((step, i) => {
    const bad = step === '' ? 'is empty' : briefFormatProblem('k8s-long-name', step);
    if (bad) say.reject(`${path}.path`, `path "${urlPath}": segment ${i} ${bad}`, 'Use segments of lower-case letters, digits, "-" and ".".', { value: urlPath });
  });
}

function checkWebhook(say: Say, hook: Obj, path: string): void {
  const name = text(hook['name']);
  if (name === '') say.missing(`${path}.name`, 'a webhook needs a name', 'Name the webhook after its domain, e.g. validate.policy.example.com.');
  else if (name !== undefined) {
    const bad = briefFormatProblem('k8s-long-name', name) ?? (name.split('.').length < 3 ? 'must be a domain of at least three parts separated by dots' : undefined);
    if (bad) say.reject(`${path}.name`, `webhook name "${name}" ${bad}`, 'Name the webhook after its domain, e.g. validate.policy.example.com.', { value: name });
  }
  for (const [rule, i] of objs(hook['rules'])) checkRuleWithOperations(say, rule, itemOf(`${path}.rules`, i));
  const sideEffects = str(hook['sideEffects']);
  // Neither sideEffects nor admissionReviewVersions has a default in admissionregistration/v1.
  if (!isSet(hook['sideEffects'])) say.missing(`${path}.sideEffects`, 'a webhook needs sideEffects (None or NoneOnDryRun)', 'Set sideEffects: None (or NoneOnDryRun if the webhook skips dry runs).');
  else if (sideEffects === 'Some' || sideEffects === 'Unknown') {
    say.reject(`${path}.sideEffects`, `sideEffects ${sideEffects} is refused on create; only None or NoneOnDryRun`, 'Set sideEffects: None (or NoneOnDryRun if the webhook skips dry runs).', { value: sideEffects, allowed: NO_SIDE_EFFECTS });
  }
  const timeout = num(hook['timeoutSeconds']) ?? 10;
  if (timeout < 1 || timeout > 30) say.reject(`${path}.timeoutSeconds`, `timeoutSeconds ${timeout} is not between 1 and 30`, 'Use 1 to 30 seconds (10 when left out).', { value: timeout });
  checkLabelSelector(hook['namespaceSelector'], `${path}.namespaceSelector`, say);
  checkLabelSelector(hook['objectSelector'], `${path}.objectSelector`, say);
  // clientConfig is a struct, not a pointer: left out, it holds neither url nor service.
  const cc = obj(hook['clientConfig']) ?? {};
  const url = str(cc['url']);
  const service = obj(cc['service']);
  if (isSet(cc['url']) === isSet(cc['service'])) say.missing(`${path}.clientConfig`, 'clientConfig needs exactly one of url or service', 'Keep url for a webhook outside the cluster, or service for one inside it.');
  else if (url !== undefined) {
    const bad = urlProblem(url);
    if (bad) say.reject(`${path}.clientConfig.url`, `url "${url}" ${bad}`, 'Write https://host[/path].', { value: url });
  } else if (service) checkService(say, service, `${path}.clientConfig.service`);
  checkMatchConditions(say, hook['matchConditions'], `${path}.matchConditions`, false);
}

function checkReviewVersions(say: Say, value: Value | undefined, path: string): void {
  const versions = strings(value);
  if (versions.length === 0) {
    say.missing(path, 'admissionReviewVersions needs at least one version', 'List v1.');
    return;
  }
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (v === undefined) return;
    if (seen.has(v)) say.reject(itemOf(path, i), `admission review version ${v} is listed twice`, 'List each version once.', { value: v });
    else if (v.length > 63 || !DNS1035.test(v)) say.reject(itemOf(path, i), `admission review version "${v}" must be a DNS-1035 label`, 'Write a version such as v1.', { value: v });
    seen.add(v);
  });
  if (!REVIEW_VERSIONS.some((v) => versions.includes(v))) say.reject(path, 'admissionReviewVersions must include v1 or v1beta1', 'Add v1.');
}

/** validateNamedRuleWithOperations. */
function checkNamedRules(say: Say, value: Value | undefined, path: string): void {
  for (const [rule, i] of objs(value)) {
    const p = itemOf(path, i);
    const names = new Set<string>();
    strings(rule['resourceNames']).forEach((n, j) => {
      if (n === undefined) return;
      const bad = briefFormatProblem('k8s-path-segment-name', n);
      if (bad) say.reject(itemOf(`${p}.resourceNames`, j), `resource name "${n}" ${bad}`, 'Use the plain object name.', { value: n });
      if (names.has(n)) say.reject(itemOf(`${p}.resourceNames`, j), `resource name ${n} is listed twice`, 'List each name once.', { value: n });
      names.add(n);
    });
    checkRuleWithOperations(say, rule, p);
  }
}

function checkMatchResources(say: Say, mr: Obj, path: string): void {
  checkLabelSelector(mr['namespaceSelector'], `${path}.namespaceSelector`, say);
  checkLabelSelector(mr['objectSelector'], `${path}.objectSelector`, say);
  checkNamedRules(say, mr['resourceRules'], `${path}.resourceRules`);
  checkNamedRules(say, mr['excludeResourceRules'], `${path}.excludeResourceRules`);
}

export const ADMISSION_RULES: readonly KindRule[] = [
  {
    rule: 'webhook',
    kinds: WEBHOOKS,
    source: [
      ADM('validateValidatingWebhook / validateMutatingWebhook / validateRuleWithOperations / validateRule / validateResources / validateMatchConditions / validateMatchConditionsExpression'),
      { ...WEBHOOK_UTIL, fn: 'ValidateWebhookURL / ValidateWebhookService' },
      ADM_V1_DEFAULTS('SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook (timeoutSeconds 10; no default for sideEffects) / SetDefaults_ServiceReference (port 443)'),
      ...WEBHOOK_CEL_SOURCES,
    ],
    check(o, say) {
      for (const [hook, i] of objs(o['webhooks'])) checkWebhook(say, hook, itemOf('webhooks', i));
    },
  },
  {
    rule: 'webhookConfiguration',
    kinds: WEBHOOKS,
    source: [
      ADM('validateValidatingWebhookConfiguration / validateMutatingWebhookConfiguration (unique names) / validateAdmissionReviewVersions'),
      ADM_V1_DEFAULTS('SetDefaults_ValidatingWebhook / SetDefaults_MutatingWebhook (no default for admissionReviewVersions)'),
    ],
    check(o, say) {
      const names = new Set<string>();
      for (const [hook, i] of objs(o['webhooks'])) {
        const p = itemOf('webhooks', i);
        checkReviewVersions(say, hook['admissionReviewVersions'], `${p}.admissionReviewVersions`);
        const name = str(hook['name']);
        if (!name) continue;
        if (names.has(name)) say.reject(`${p}.name`, `webhook name ${name} is used twice in this configuration`, 'Give each webhook its own name.', { value: name });
        names.add(name);
      }
    },
  },
  {
    rule: 'admissionPolicy',
    kinds: POLICY,
    source: [ADM('validateValidatingAdmissionPolicySpec / validateParamKind / validateMatchResources / validateMatchConditions / validateVariable / validateValidation / validateMessageExpression / validateAuditAnnotation / createCompiler'), ...POLICY_CEL_SOURCES],
    check(o, say) {
      const spec = obj(o['spec']) ?? {};
      const pk = obj(spec['paramKind']);
      if (pk) {
        const apiVersion = str(pk['apiVersion']);
        if (!apiVersion) say.missing('spec.paramKind.apiVersion', 'paramKind needs an apiVersion', 'Set the apiVersion of the parameter kind, e.g. v1.');
        else if (apiVersion.split('/').length > 2) say.reject('spec.paramKind.apiVersion', `paramKind apiVersion "${apiVersion}" has more than one "/"`, 'Write group/version or version.', { value: apiVersion });
        const kind = str(pk['kind']);
        if (!kind) say.missing('spec.paramKind.kind', 'paramKind needs a kind', 'Set the kind of the parameter objects, e.g. ConfigMap.');
        else if (kind.length > 63 || !DNS1035.test(kind.toLowerCase())) say.reject('spec.paramKind.kind', `paramKind kind "${kind}" is not a kind name`, 'Write a kind such as ConfigMap.', { value: kind });
      }
      const mc = obj(spec['matchConstraints']);
      if (!isSet(spec['matchConstraints'])) say.missing('spec.matchConstraints', 'a policy needs matchConstraints', 'Add matchConstraints with resourceRules naming the resources it checks.');
      else if (mc) {
        if (objs(mc['resourceRules']).length === 0) say.missing('spec.matchConstraints.resourceRules', 'matchConstraints needs at least one resource rule', 'Add resourceRules with the resources the policy checks.');
        checkMatchResources(say, mc, 'spec.matchConstraints');
      }
      const params = isSet(spec['paramKind']);
      checkMatchConditions(say, spec['matchConditions'], 'spec.matchConditions', params);
      const vars = objs(spec['variables']);
      // With variables the composited compiler declares them (each sees those before it); without, none.
      const declared = vars.length > 0 ? compileVariables(say, vars.map(([v, i]) => ({ name: str(v['name']), expression: str(v['expression']), path: `${itemOf('spec.variables', i)}.expression` })), { params, authorizer: true }) : undefined;
      const site: AdmissionSite = { params, authorizer: true, ...(declared ? { variables: declared } : {}) };
      for (const [v, i] of vars) {
        const p = itemOf('spec.variables', i);
        const name = text(v['name']);
        if (name !== undefined && name.trim() === '') say.missing(`${p}.name`, 'a variable needs a name', 'Name the variable.');
        else if (name !== undefined && (!CEL_IDENT.test(name) || CEL_RESERVED.has(name))) say.reject(`${p}.name`, `variable name "${name}" is not a CEL identifier`, 'Use letters, digits and "_", not starting with a digit, and not a CEL reserved word.', { value: name });
        const expr = text(v['expression']);
        if (expr !== undefined && expr.trim() === '') say.missing(`${p}.expression`, 'a variable needs an expression', 'Write the CEL expression.');
      }
      const validations = objs(spec['validations']);
      const audits = objs(spec['auditAnnotations']);
      if (validations.length === 0 && audits.length === 0) {
        say.missing('spec.validations', 'a policy needs at least one validation or audit annotation', 'Add validations with a CEL expression.');
        return;
      }
      for (const [v, i] of validations) {
        const p = itemOf('spec.validations', i);
        const expr = text(v['expression']);
        if (expr !== undefined && expr.trim() === '') say.missing(`${p}.expression`, 'a validation needs an expression', 'Write the CEL expression.');
        else if (expr !== undefined) compileAdmission(say, `${p}.expression`, expr, site, 'bool');
        const me = str(v['messageExpression']);
        if (me !== undefined && me !== '' && me.trim() === '') say.reject(`${p}.messageExpression`, 'messageExpression is blank', 'Write the expression, or remove it.');
        else if (me !== undefined && me !== '') compileAdmission(say, `${p}.messageExpression`, me, { ...site, authorizer: false }, 'string');
        const msg = str(v['message']);
        if (msg !== undefined && msg !== '' && msg.trim() === '') say.reject(`${p}.message`, 'message is blank', 'Write the message, or remove it.');
        else if (msg !== undefined && /[\n\r]/.test(msg.trim())) say.reject(`${p}.message`, 'message may not contain line breaks', 'Write the message on one line.');
      }
      if (audits.length > MAX_AUDIT_ANNOTATIONS) say.reject('spec.auditAnnotations', `${audits.length} audit annotations; at most ${MAX_AUDIT_ANNOTATIONS}`, 'Drop some audit annotations.');
      const keys = new Set<string>();
      const policyName = str(obj(o['metadata'])?.['name']);
      for (const [a, i] of audits) {
        const p = itemOf('spec.auditAnnotations', i);
        const key = text(a['key']);
        if (key !== undefined && policyName) {
          const bad = briefFormatProblem('k8s-label-key', `${policyName}/${key}`);
          if (bad) say.reject(`${p}.key`, `audit annotation key "${policyName}/${key}" ${bad}`, 'Use a short key of letters, digits, "-", "_" and ".".', { value: key });
        }
        if (key !== undefined && keys.has(key)) say.reject(`${p}.key`, `audit annotation key ${key} is used twice`, 'Give each audit annotation its own key.', { value: key });
        if (key !== undefined) keys.add(key);
        const ve = text(a['valueExpression']);
        if (ve !== undefined && ve.trim() === '') say.missing(`${p}.valueExpression`, 'an audit annotation needs a valueExpression', 'Write the CEL expression giving the value.');
        else if (ve !== undefined && new TextEncoder().encode(ve.trim()).length > MAX_VALUE_EXPRESSION) say.reject(`${p}.valueExpression`, `valueExpression is over ${MAX_VALUE_EXPRESSION} bytes`, 'Shorten the expression.');
        else if (ve !== undefined) compileAdmission(say, `${p}.valueExpression`, ve.trim(), site, 'string-or-null');
      }
    },
  },
  {
    rule: 'admissionPolicyBinding',
    kinds: BINDING,
    source: ADM('validateValidatingAdmissionPolicyBindingSpec / validateParamRef / validateValidationActions / validateMatchResources'),
    check(o, say) {
      const spec = obj(o['spec']) ?? {};
      const policyName = str(spec['policyName']);
      // Left out or null, the walker reports it (the type requires it).
      if (policyName === '') say.missing('spec.policyName', 'a binding needs policyName', 'Name the ValidatingAdmissionPolicy to bind.');
      else if (policyName !== undefined) {
        const bad = briefFormatProblem('k8s-long-name', policyName);
        if (bad) say.reject('spec.policyName', `policyName "${policyName}" ${bad}`, 'Use the name of the policy.', { value: policyName });
      }
      const pr = obj(spec['paramRef']);
      if (pr) {
        const name = str(pr['name']);
        const hasSelector = isSet(pr['selector']);
        if (name) {
          const bad = briefFormatProblem('k8s-path-segment-name', name);
          if (bad) say.reject('spec.paramRef.name', `paramRef name "${name}" ${bad}`, 'Use the plain object name.', { value: name });
          if (hasSelector) say.reject('spec.paramRef.name', 'paramRef takes name or selector, not both', 'Keep one of them.');
        }
        checkLabelSelector(pr['selector'], 'spec.paramRef.selector', say);
        if (!name && !hasSelector) say.missing('spec.paramRef', 'paramRef needs a name or a selector', 'Name the parameter object, or select parameter objects by label.');
        const action = str(pr['parameterNotFoundAction']);
        if (!action) say.missing('spec.paramRef.parameterNotFoundAction', 'paramRef needs parameterNotFoundAction', 'Set parameterNotFoundAction: Deny (or Allow).');
      }
      const mr = obj(spec['matchResources']);
      if (mr) checkMatchResources(say, mr, 'spec.matchResources');
      const actions = strings(spec['validationActions']);
      if (Array.isArray(spec['validationActions']) && actions.length === 0) say.missing('spec.validationActions', 'a binding needs at least one validation action', 'Set validationActions: [Deny].');
      const seen = new Set<string>();
      actions.forEach((a, i) => {
        if (a === undefined) return;
        if (seen.has(a)) say.reject(itemOf('spec.validationActions', i), `validation action ${a} is listed twice`, 'List each action once.', { value: a });
        seen.add(a);
      });
      if (seen.has('Deny') && seen.has('Warn')) say.reject('spec.validationActions', 'validationActions may not hold both Deny and Warn', 'Keep Deny (the request fails) or Warn (a warning only).');
    },
  },
];
