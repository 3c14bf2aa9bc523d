// The validation kube-apiserver gives a CustomResourceDefinition (apiextensions.k8s.io/v1) and an APIService
// (apiregistration.k8s.io/v1) beyond the shape of their types (the walk reports unknown, missing and mistyped
// fields): names, storage version, structural schema rules, x-kubernetes-* combinations, CEL rules that do not
// parse, APIService priorities and service. Value sets, limits and the upstream source of every rule are data
// (schemas/api-objects.json); each finding carries data.rule, data.stage, data.verdict and data.source.
import { apiObjectsData } from './api-objects';
import type { ApiObjectInput, Ctx } from './api-object-context';
import { validateApiService } from './apiservice-rules';
import { validateCrd } from './crd-object-rules';

/** Runs the rules of the kind (CustomResourceDefinition or APIService of the served version). */
export function validateApiObject(input: ApiObjectInput): void {
  const ctx: Ctx = { ...input, facts: apiObjectsData() };
  if (input.kind === 'CustomResourceDefinition') validateCrd(ctx);
  else if (input.kind === 'APIService') validateApiService(ctx);
}
