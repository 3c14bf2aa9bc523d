// Kustomize awareness: kustomization facts → what a file is to kustomize → adjusted findings.
export { readKustomization, KUSTOMIZATION_NAMES, type Kustomization, type KustomizationText, type PatchTarget } from './kustomization';
export { kustomizeFactsFor, type KustomizeFacts, type InjectedField } from './facts';
export { findKustomizations } from './discover';
export { applyKustomizeFacts } from './apply';
