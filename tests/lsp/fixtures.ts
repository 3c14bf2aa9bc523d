// Fixture texts for the protocol tests. Kinds and field names are plain Kubernetes API names; the facts of the
// gates a field needs are not written here: tests read them from the committed schemas/ (tests/support/committed.ts).

/** A DRA ResourceSlice whose last line sets the gated field skipNodeOperations (tests/engine/gate-badges.test.ts
 *  appends a comment to that line). */
export const SLICE = `apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: slice-a
spec:
  driver: gpu.example.com
  pool:
    name: pool-a
    generation: 1
    resourceSliceCount: 1
  nodeName: node-1
  skipNodeOperations: ["*"]
`;

/** A kind config that sets some other gate: the quick fix adds the needed one to its featureGates. */
export function kindConfig(gates: Record<string, boolean>): string {
  const lines = ['kind: Cluster', 'apiVersion: kind.x-k8s.io/v1alpha4'];
  const names = Object.keys(gates);
  if (names.length) {
    lines.push('featureGates:');
    for (const g of names) lines.push(`  ${g}: ${gates[g]}`);
  }
  lines.push('nodes:', '- role: control-plane', '');
  return lines.join('\n');
}

export const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx
`;
