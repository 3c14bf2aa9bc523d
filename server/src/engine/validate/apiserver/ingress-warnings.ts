// networking.k8s.io/v1 Ingress: the warning header of the create strategy (WarningsOnCreate). The server stores
// an Ingress that selects its class only by the old kubernetes.io/ingress.class annotation, and warns that the
// annotation is deprecated. The refusal of an annotation that differs from ingressClassName is networking.ts's.
import { at, type KindRule } from './rule-types';
import { obj } from './object-view';

const STRATEGY = at('pkg/registry/networking/ingress/strategy.go', '94341df30b4aef29676b997d0e2320534d05bfab');
const CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

export const INGRESS_WARNING_RULES: readonly KindRule[] = [
  {
    rule: 'ingressClassAnnotationDeprecated',
    kinds: ['networking.k8s.io/Ingress'],
    source: STRATEGY('WarningsOnCreate (kubernetes.io/ingress.class annotation set, spec.ingressClassName unset)'),
    check(o, say) {
      const annotations = obj(obj(o['metadata'])?.['annotations']) ?? {};
      if (!(CLASS_ANNOTATION in annotations)) return;
      if (obj(o['spec'])?.['ingressClassName'] !== undefined) return;
      say.warn(`metadata.annotations[${CLASS_ANNOTATION}]`, `annotation ${CLASS_ANNOTATION} is deprecated`, 'Set spec.ingressClassName to the IngressClass name and remove the annotation.');
    },
  },
];
