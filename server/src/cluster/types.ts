// The cluster snapshot types live with the engine, which receives a snapshot (engine/cluster-snapshot.ts).
export * from '../engine/cluster-snapshot';
