// policy/v1 PodDisruptionBudget and rbac.authorization.k8s.io/v1 Role, ClusterRole, RoleBinding and
// ClusterRoleBinding: the hand-written rules of ValidatePodDisruptionBudgetSpec (one of minAvailable and
// maxUnavailable; its selector) and of rbac validation (policy rules, roleRef, subjects), over the object after
// rbac's SetDefaults_* (roleRef.apiGroup and User/Group subjects' apiGroup default to rbac.authorization.k8s.io).
// The values of minAvailable/maxUnavailable are the INT_OR_STRING rows of field-rule-table.ts.
import { at, type KindRule, type Say } from './rule-types';
import { isSet, itemOf, list, obj, objs, str, type Obj } from './object-view';
import { briefFormatProblem } from '../declarative-formats';
import { selectorRule } from './selector-rules';

const POLICY = at('pkg/apis/policy/validation/validation.go', '01aa0f3f6052c9866dcb69054d8924fa8c96e3cb');
const RBAC = at('pkg/apis/rbac/validation/validation.go', '036ae50761389440bd949a548e24d9e622492bb8');
const RBAC_DEFAULTS = at('pkg/apis/rbac/v1/defaults.go', '7c30c06e721d89056db323a3857a6b89990adf03');
const RBAC_GROUP = 'rbac.authorization.k8s.io';
const PDB = ['policy/PodDisruptionBudget'];
const ROLES = [`${RBAC_GROUP}/Role`, `${RBAC_GROUP}/ClusterRole`];
const BINDINGS = [`${RBAC_GROUP}/RoleBinding`, `${RBAC_GROUP}/ClusterRoleBinding`];

function spec(o: Obj): Obj {
  return obj(o['spec']) ?? {};
}

/** IsValidPathSegmentName: the minimal name rule of roles, bindings and their roleRef. */
function pathSegmentProblem(name: string): string | undefined {
  return briefFormatProblem('k8s-path-segment-name', name);
}

function checkPolicyRule(rule: Obj, namespaced: boolean, path: string, say: Say): void {
  if (list(rule['verbs']).length === 0) say.missing(`${path}.verbs`, 'a rule needs at least one verb', 'List the verbs it allows, e.g. verbs: [get, list, watch].');
  const urls = list(rule['nonResourceURLs']);
  const groups = list(rule['apiGroups']);
  const resources = list(rule['resources']);
  const names = list(rule['resourceNames']);
  if (urls.length > 0) {
    if (namespaced) say.reject(`${path}.nonResourceURLs`, 'a Role (namespaced) may not grant nonResourceURLs', 'Move the rule to a ClusterRole.');
    if (groups.length + resources.length + names.length > 0) {
      say.reject(`${path}.nonResourceURLs`, 'a rule may grant nonResourceURLs or resources, not both', 'Split it into two rules: one with nonResourceURLs, one with apiGroups and resources.');
    }
    return;
  }
  if (groups.length === 0) say.missing(`${path}.apiGroups`, 'a resource rule needs at least one API group ("" is the core group)', 'Add apiGroups, e.g. [""] for pods or ["apps"] for deployments.');
  if (resources.length === 0) say.missing(`${path}.resources`, 'a resource rule needs at least one resource', 'Add resources, e.g. [pods].');
}

function checkSubject(subject: Obj, clusterWide: boolean, path: string, say: Say): void {
  const name = str(subject['name']) ?? '';
  const kind = str(subject['kind']);
  const group = str(subject['apiGroup']) ?? '';
  if (name === '') say.missing(`${path}.name`, 'a subject needs a name', 'Set the name of the user, group or service account.');
  switch (kind) {
    case 'ServiceAccount': {
      const bad = name === '' ? undefined : briefFormatProblem('k8s-long-name', name);
      if (bad) say.reject(`${path}.name`, `service account name "${name}" ${bad}`, 'Use the name of a ServiceAccount.', { value: name });
      if (group !== '') say.reject(`${path}.apiGroup`, `a ServiceAccount subject has apiGroup "" (the core group), not ${group}`, 'Remove apiGroup from the ServiceAccount subject.', { value: group });
      if (clusterWide && (str(subject['namespace']) ?? '') === '') {
        say.missing(`${path}.namespace`, 'a ServiceAccount subject of a ClusterRoleBinding needs a namespace', 'Set namespace to the ServiceAccount\'s namespace.');
      }
      return;
    }
    case 'User':
    case 'Group':
      // An absent apiGroup is defaulted to rbac.authorization.k8s.io.
      if (group !== '' && group !== RBAC_GROUP) say.reject(`${path}.apiGroup`, `a ${kind} subject has apiGroup ${RBAC_GROUP}, not ${group}`, `Set apiGroup: ${RBAC_GROUP}, or remove it.`, { value: group });
      return;
    default:
      if (kind !== undefined) say.reject(`${path}.kind`, `subject kind "${kind}" is not ServiceAccount, User or Group`, 'Use kind ServiceAccount, User or Group.', { value: kind });
  }
}

export const POLICY_RBAC_RULES: readonly KindRule[] = [
  {
    rule: 'pdbMinOrMax',
    kinds: PDB,
    source: POLICY('ValidatePodDisruptionBudgetSpec (minAvailable and maxUnavailable cannot both be set)'),
    check(o, say) {
      const s = spec(o);
      if (!isSet(s['minAvailable']) || !isSet(s['maxUnavailable'])) return;
      say.reject('spec', 'a PodDisruptionBudget may set minAvailable or maxUnavailable, not both', 'Keep one of minAvailable and maxUnavailable.');
    },
  },
  selectorRule('pdbSelector', PDB, POLICY('ValidatePodDisruptionBudgetSpec (selector: ValidateLabelSelector)'), 'spec.selector'),
  {
    rule: 'rbacPolicyRule',
    kinds: ROLES,
    source: RBAC('validatePolicyRule (verbs; nonResourceURLs only in ClusterRoles and alone; apiGroups and resources)'),
    check(o, say) {
      const namespaced = str(o['kind']) === 'Role';
      for (const [rule, i] of objs(o['rules'])) checkPolicyRule(rule, namespaced, itemOf('rules', i), say);
    },
  },
  {
    rule: 'rbacRoleRef',
    kinds: BINDINGS,
    source: [RBAC('ValidateRoleBinding / ValidateClusterRoleBinding (roleRef apiGroup, kind, name)'), RBAC_DEFAULTS('SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding (roleRef.apiGroup)')],
    check(o, say) {
      const ref = obj(o['roleRef']);
      if (!ref) return;
      const group = str(ref['apiGroup']) ?? '';
      if (group !== '' && group !== RBAC_GROUP) say.reject('roleRef.apiGroup', `roleRef.apiGroup must be ${RBAC_GROUP}, not ${group}`, `Set apiGroup: ${RBAC_GROUP}.`, { value: group });
      const clusterWide = str(o['kind']) === 'ClusterRoleBinding';
      const kind = str(ref['kind']);
      const allowed = clusterWide ? ['ClusterRole'] : ['Role', 'ClusterRole'];
      if (kind !== undefined && !allowed.includes(kind)) {
        say.reject('roleRef.kind', `roleRef.kind "${kind}" is not ${allowed.join(' or ')}`, clusterWide ? 'A ClusterRoleBinding can only refer to a ClusterRole; use a RoleBinding for a Role.' : 'Use kind Role or ClusterRole.', { value: kind });
      }
      const name = str(ref['name']);
      if (name === '') say.missing('roleRef.name', 'roleRef needs the name of the role', 'Set roleRef.name.');
      else if (name !== undefined && pathSegmentProblem(name)) say.reject('roleRef.name', `roleRef.name "${name}" ${pathSegmentProblem(name)}`, 'Use the name of the role.', { value: name });
    },
  },
  {
    rule: 'rbacSubject',
    kinds: BINDINGS,
    source: [RBAC('validateRoleBindingSubject (name; kind ServiceAccount, User or Group; apiGroup per kind; namespace for ServiceAccounts of ClusterRoleBindings)'), RBAC_DEFAULTS('SetDefaults_Subject')],
    check(o, say) {
      const clusterWide = str(o['kind']) === 'ClusterRoleBinding';
      for (const [subject, i] of objs(o['subjects'])) checkSubject(subject, clusterWide, itemOf('subjects', i), say);
    },
  },
];
