// IsDomainPrefixedPath of apimachinery's util/validation: "<DNS subdomain>/<HTTP path>", as IngressClass
// controllers and a Job's managedBy are written. Read at the commit of DOMAIN_PATH_SOURCE.
import type { UpstreamSource } from '../field-rule-table';
import { briefFormatProblem } from '../declarative-formats';

export const DOMAIN_PATH_SOURCE: UpstreamSource = {
  repo: 'kubernetes/kubernetes',
  path: 'staging/src/k8s.io/apimachinery/pkg/util/validation/validation.go',
  commit: '008b3652959ca58af8be3fb5b6ecfe9ae7638282',
  fn: 'IsDomainPrefixedPath',
};

const HTTP_PATH_CHARS = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;

/** What is wrong with a domain-prefixed path: no `domain/` prefix (or nothing after it), a domain that is not a
 *  DNS subdomain (its problem in words), or path characters outside an HTTP path's. Empty when valid. */
type DomainPathProblem = { part: 'shape' } | { part: 'domain'; domain: string; problem: string } | { part: 'path'; path: string };

export function domainPathProblems(value: string): DomainPathProblem[] {
  const slash = value.indexOf('/');
  const domain = slash < 0 ? '' : value.slice(0, slash);
  const path = slash < 0 ? '' : value.slice(slash + 1);
  if (domain === '' || path === '') return [{ part: 'shape' }];
  const out: DomainPathProblem[] = [];
  const bad = briefFormatProblem('k8s-long-name', domain);
  if (bad) out.push({ part: 'domain', domain, problem: bad });
  if (!HTTP_PATH_CHARS.test(path)) out.push({ part: 'path', path });
  return out;
}
