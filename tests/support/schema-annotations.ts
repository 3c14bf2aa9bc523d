// Reading the gate annotations out of a JSON Schema that Kubegate produced (kubegate/schema, the YAML extension's
// schema contributor). No imports: the end-to-end suite uses it too.

/** Every `x-kubernetes-feature-gate` annotation naming `gate` in a schema. */
export function gateAnnotations(schema: unknown, gate: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'x-kubernetes-feature-gate') for (const a of Array.isArray(x) ? x : [x]) if ((a as { gate?: string }).gate === gate) out.push(a as Record<string, unknown>);
        visit(x);
      }
    }
  };
  visit(schema);
  return out;
}
