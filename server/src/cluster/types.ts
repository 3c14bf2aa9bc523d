// The cluster snapshot types live with the engine, which receives a snapshot (engine/base/cluster-snapshot.ts).
export type { ClusterGate, ClusterReadOptions, ClusterSnapshot } from '../engine';
