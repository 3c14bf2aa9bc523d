// A small CustomResourceDefinition text for tests: kind Widget (plural widgets) in `group`, version v1, whose spec
// has the properties given (YAML flow maps, one per line).
export function widgetCrd(group = 'example.com', specProperties: Record<string, string> = { size: '{type: integer}' }): string {
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.${group}}
spec:
  group: ${group}
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
${Object.entries(specProperties)
  .map(([k, v]) => `              ${k}: ${v}`)
  .join('\n')}
`;
}
