// Kustomize awareness: kustomization facts → what a file is to kustomize → adjusted findings.
export { kustomizeFactsFor } from './facts';
export { findKustomizations } from './discover';
