// Short, stable keys for type and enum names in the generated data.
// Upstream names are OpenAPI-style (`io.k8s.api.core.v1.PodSpec`); the common prefixes are dropped to keep the
// files small: `core.v1.PodSpec`, `meta.v1.ObjectMeta`, `api.resource.Quantity`, `kubelet.config.v1beta1.…`.

const PREFIXES = ['io.k8s.api.', 'io.k8s.apimachinery.pkg.apis.', 'io.k8s.apimachinery.pkg.', 'io.k8s.'];

export function shortName(openapiName: string): string {
  for (const p of PREFIXES) if (openapiName.startsWith(p)) return openapiName.slice(p.length);
  return openapiName;
}

/** Records every long → short mapping and fails on a collision (two upstream names, one key). */
export class NameTable {
  private readonly byShort = new Map<string, string>();

  key(openapiName: string): string {
    const s = shortName(openapiName);
    const prev = this.byShort.get(s);
    if (prev !== undefined && prev !== openapiName) {
      throw new Error(`type name collision: ${prev} and ${openapiName} both shorten to ${s}`);
    }
    this.byShort.set(s, openapiName);
    return s;
  }
}
