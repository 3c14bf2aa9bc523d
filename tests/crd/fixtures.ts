/** The `schema:` of a CRD version entry: an object with a `spec` object. `spec` is the rest of that spec object's
 *  schema (`required:`, `properties:` …, YAML indented 12 spaces). */
export const specSchema = (spec: string): string => `    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
${spec}`;

/** The version entry most test CRDs have: v1, served and stored, with specSchema(spec). */
export const servedVersion = (spec: string): string => `  - name: v1
    served: true
    storage: true
${specSchema(spec)}`;

// A made-up CRD for the custom-resource tests (group example.kubegate.test), written here so each schema
// feature the engine reads has one field: properties/required, enum, int-or-string, preserve-unknown-fields
// (open struct and free-form), embedded resource, min/max, pattern, format, list-map keys, set, CEL rules.
export const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.kubegate.test
spec:
  group: example.kubegate.test
  names: {kind: Widget, plural: widgets, listKind: WidgetList}
  scope: Namespaced
  versions:
${servedVersion(`            required: [size]
            x-kubernetes-validations:
            - rule: "!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas"
              message: minReplicas must not exceed maxReplicas
            - rule: "self.size == oldSelf.size"
              message: size is immutable
            - rule: "!has(self.url) || isURL(self.url)"
              message: url must be a URL
            properties:
              size:
                type: string
                enum: [Small, Medium, Large]
              port:
                x-kubernetes-int-or-string: true
              minReplicas: {type: integer, minimum: 1}
              maxReplicas: {type: integer, maximum: 10}
              name: {type: string, pattern: '^[a-z]+$', maxLength: 8}
              url: {type: string}
              since: {type: string, format: date-time}
              extras:
                type: object
                x-kubernetes-preserve-unknown-fields: true
                properties:
                  color: {type: string}
              blob:
                type: object
                x-kubernetes-preserve-unknown-fields: true
              template:
                type: object
                x-kubernetes-embedded-resource: true
                properties:
                  spec: {type: object, properties: {image: {type: string}}}
              parts:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    weight: {type: integer}
              tags:
                type: array
                x-kubernetes-list-type: set
                items: {type: string}
              labels:
                type: object
                additionalProperties: {type: string}
`)}  - name: v1beta1
    served: true
    storage: false
    deprecated: true
    deprecationWarning: example.kubegate.test/v1beta1 Widget is deprecated; use example.kubegate.test/v1 Widget
${specSchema(`            properties:
              size: {type: string}
              oldField: {type: string}
`)}  - name: v1alpha1
    served: false
    storage: false
    schema:
      openAPIV3Schema: {type: object}
`;

export const GATEWAY_STANDARD_HTTPROUTE_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: httproutes.gateway.networking.k8s.io
  annotations:
    gateway.networking.k8s.io/channel: standard
spec:
  group: gateway.networking.k8s.io
  names: {kind: HTTPRoute, plural: httproutes}
  scope: Namespaced
  versions:
${servedVersion(`            properties:
              parentRefs:
                type: array
                items: {type: object, properties: {name: {type: string}}}
              rules:
                type: array
                items: {type: object, properties: {matches: {type: array, items: {type: object}}}}
`)}`;
