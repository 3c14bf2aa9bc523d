// rbac.authorization.k8s.io/v1 Role, ClusterRole, RoleBinding, ClusterRoleBinding: the hand-written rules of
// validatePolicyRule, ValidateRoleBinding / ValidateClusterRoleBinding and validateRoleBindingSubject, over the
// object after SetDefaults_RoleBinding / SetDefaults_Subject (defaults.ts: roleRef and User/Group subjects get the
// rbac.authorization.k8s.io group).
import { at, type KindRule } from './rule-types';
import { fieldOf, itemOf, list, obj, objs, str, type Obj } from './object-view';

const RBAC = at('pkg/apis/rbac/validation/validation.go', '036ae50761389440bd949a548e24d9e622492bb8');
export const RBAC_GROUP = 'rbac.authorization.k8s.io';

function rulesOf(o: Obj): [Obj, number][] {
  return objs(o['rules']);
}

const has = (r: Obj, field: string) => list(r[field]).length > 0;

export const RBAC_RULES: readonly KindRule[] = [
  {
    rule: 'policyRule',
    kinds: ['rbac.authorization.k8s.io/Role', 'rbac.authorization.k8s.io/ClusterRole'],
    source: RBAC('validatePolicyRule (verbs; resource rules need apiGroups and resources; nonResourceURLs alone and only in ClusterRoles)'),
    check(o, say) {
      const namespaced = str(o['kind']) === 'Role';
      for (const [r, i] of rulesOf(o)) {
        const base = itemOf('rules', i);
        if (r['verbs'] !== undefined && !has(r, 'verbs')) say.reject(fieldOf(base, 'verbs'), 'a rule needs at least one verb', 'Add the verbs it allows, e.g. [get, list, watch].');
        if (has(r, 'nonResourceURLs')) {
          if (namespaced) say.reject(fieldOf(base, 'nonResourceURLs'), 'a Role (namespaced) cannot grant non-resource URLs', 'Move the rule into a ClusterRole.');
          if (has(r, 'apiGroups') || has(r, 'resources') || has(r, 'resourceNames')) {
            say.reject(fieldOf(base, 'nonResourceURLs'), 'a rule cannot cover both resources and non-resource URLs', 'Split it into two rules.');
          }
          continue;
        }
        if (!has(r, 'apiGroups')) say.reject(fieldOf(base, 'apiGroups'), 'a resource rule needs apiGroups ("" is the core group)', 'Add apiGroups: [""] for core resources, or the group of the resources.');
        if (!has(r, 'resources')) say.reject(fieldOf(base, 'resources'), 'a resource rule needs at least one resource', 'Add the resources it covers, e.g. [pods].');
      }
    },
  },
  {
    rule: 'roleRef',
    kinds: ['rbac.authorization.k8s.io/RoleBinding', 'rbac.authorization.k8s.io/ClusterRoleBinding'],
    source: RBAC('ValidateRoleBinding / ValidateClusterRoleBinding (roleRef apiGroup and kind)'),
    check(o, say) {
      const ref = obj(o['roleRef']);
      if (!ref) return;
      const group = str(ref['apiGroup']);
      if (group !== undefined && group !== RBAC_GROUP) say.reject('roleRef.apiGroup', `roleRef.apiGroup must be ${RBAC_GROUP}, not ${JSON.stringify(group)}`, `Set apiGroup: ${RBAC_GROUP}, or leave it out.`);
      const kind = str(ref['kind']);
      const allowed = str(o['kind']) === 'ClusterRoleBinding' ? ['ClusterRole'] : ['Role', 'ClusterRole'];
      if (kind !== undefined && kind !== '' && !allowed.includes(kind)) {
        say.reject('roleRef.kind', `a ${str(o['kind'])} can refer to ${allowed.join(' or ')}, not ${kind}`, `Set roleRef.kind to ${allowed.join(' or ')}.`, { value: kind });
      }
    },
  },
  {
    rule: 'bindingSubject',
    kinds: ['rbac.authorization.k8s.io/RoleBinding', 'rbac.authorization.k8s.io/ClusterRoleBinding'],
    source: RBAC('validateRoleBindingSubject (kind; apiGroup per kind; a ServiceAccount in a ClusterRoleBinding needs a namespace)'),
    check(o, say) {
      const cluster = str(o['kind']) === 'ClusterRoleBinding';
      for (const [s, i] of objs(o['subjects'])) {
        const base = itemOf('subjects', i);
        const kind = str(s['kind']) ?? '';
        const group = str(s['apiGroup']) ?? '';
        if (kind === 'ServiceAccount') {
          if (group !== '') say.reject(fieldOf(base, 'apiGroup'), `a ServiceAccount subject has no apiGroup (not ${JSON.stringify(group)})`, 'Remove apiGroup.');
          if (cluster && (str(s['namespace']) ?? '') === '') say.reject(fieldOf(base, 'namespace'), 'a ServiceAccount subject of a ClusterRoleBinding needs its namespace', 'Add the namespace of the service account.');
        } else if (kind === 'User' || kind === 'Group') {
          if (group !== RBAC_GROUP) say.reject(fieldOf(base, 'apiGroup'), `a ${kind} subject's apiGroup must be ${RBAC_GROUP}`, `Set apiGroup: ${RBAC_GROUP}, or leave it out.`);
        } else if (kind !== '') {
          say.reject(fieldOf(base, 'kind'), `subject kind ${kind} is not ServiceAccount, User or Group`, 'Use ServiceAccount, User or Group.', { value: kind });
        }
      }
    },
  },
];
