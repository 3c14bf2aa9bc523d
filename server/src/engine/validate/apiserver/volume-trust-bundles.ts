// The clusterTrustBundle sources of projected volumes (validateProjectionSources): name or signerName, not both
// and not neither; a name in the ClusterTrustBundle name form (with a signer, "<signer with : for />:<name>"); a
// signer name in the "example.com/path" form; a label selector only beside a signer name; a relative path. The
// API server drops these sources while ClusterTrustBundleProjection is off (dropDisabledClusterTrustBundleProjection),
// so they are judged only where schemas/gates.json has the gate on by default. Duplicate paths: volume-source-details.ts.
import { at, type PodSpecRule } from './rule-types';
import { fieldOf, isSet, itemOf, obj, objs, str } from './object-view';
import { localPathProblem } from './volumes';
import { checkLabelSelector, LABEL_SELECTOR_SOURCE } from './selector-rules';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const NAMES = at('pkg/apis/core/validation/names.go', '008b3652959ca58af8be3fb5b6ecfe9ae7638282');
/** The drop is read in its test (the index holds no commit of util.go with the function). */
const POD_UTIL_TEST = at('pkg/api/pod/util_test.go', '6929a11f694ee4d6e66a2d12794d9e78cb2d6ab4');

/** ValidateClusterTrustBundleName for the signer extractSignerNameFromClusterTrustBundleName reads off the name. */
function bundleNameProblem(name: string): string | undefined {
  const split = name.lastIndexOf(':');
  if (split < 0) return briefFormatProblem('k8s-long-name', name);
  if (split === 0) return 'has a ":" but no signer name before it';
  if (name.slice(0, split).includes('/')) return 'must start with its signer name written with ":" for "/"';
  const bad = briefFormatProblem('k8s-long-name', name.slice(split + 1));
  return bad ? `has a part after the last ":" that ${bad}` : undefined;
}

/** ValidateSignerName: "<domain>/<path>", the domain of two or more DNS labels, each path part a DNS subdomain. */
function signerNameProblem(signer: string): string | undefined {
  const segments = signer.split('/');
  if (segments.length !== 2) return 'must be a domain and a path, e.g. example.com/signer-name';
  const [domain, path] = segments as [string, string];
  if (domain.length > 253) return 'has a domain longer than 253 characters';
  const labels = domain.split('.');
  const badLabel = labels.find((l) => briefFormatProblem('k8s-short-name', l) !== undefined);
  if (badLabel !== undefined) return `has a domain part ${JSON.stringify(badLabel)} that is not a DNS label`;
  if (labels.length < 2) return 'needs a domain of at least two dot-separated parts';
  const badPart = path.split('.').find((p) => briefFormatProblem('k8s-long-name', p) !== undefined);
  if (badPart !== undefined) return `has a path part ${JSON.stringify(badPart)} that is not a DNS subdomain`;
  if (signer.length > 571) return 'is longer than 571 characters';
  return undefined;
}

export const VOLUME_TRUST_BUNDLE_RULES: readonly PodSpecRule[] = [
  {
    rule: 'volumeTrustBundle',
    source: [
      CORE('validateProjectionSources (clusterTrustBundle: name or signerName, a labelSelector only with signerName, a path)'),
      NAMES('ValidateClusterTrustBundleName / extractSignerNameFromClusterTrustBundleName / ValidateSignerName'),
      POD_UTIL_TEST('the test of dropDisabledClusterTrustBundleProjection (the sources are dropped while the gate is off)'),
      LABEL_SELECTOR_SOURCE,
    ],
    check(t, say) {
      if (!say.gateOn('ClusterTrustBundleProjection')) return;
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const sources = fieldOf(fieldOf(itemOf(fieldOf(t.path, 'volumes'), i), 'projected'), 'sources');
        for (const [source, j] of objs(obj(volume['projected'])?.['sources'])) {
          const bundle = obj(source['clusterTrustBundle']);
          if (!bundle) continue;
          const at = fieldOf(itemOf(sources, j), 'clusterTrustBundle');
          const name = typeof bundle['name'] === 'string' ? bundle['name'] : undefined;
          const signer = typeof bundle['signerName'] === 'string' ? bundle['signerName'] : undefined;
          if (name !== undefined && signer !== undefined) {
            say.reject(at, 'a clusterTrustBundle source takes name or signerName, not both', 'Keep name (one bundle) or signerName (with a labelSelector).');
          } else if (name !== undefined) {
            const bad = name === '' ? undefined : bundleNameProblem(name);
            if (name === '') say.missing(fieldOf(at, 'name'), 'a clusterTrustBundle name may not be empty', 'Name the ClusterTrustBundle.');
            else if (bad) say.reject(fieldOf(at, 'name'), `ClusterTrustBundle name ${JSON.stringify(name)} ${bad}`, 'Use the bundle\'s name, e.g. example.com:signer:bundle-1.', { value: name });
            if (isSet(bundle['labelSelector'])) say.reject(fieldOf(at, 'labelSelector'), 'labelSelector may not be set beside name', 'Remove labelSelector, or select by signerName instead of name.');
          } else if (signer !== undefined) {
            const bad = signer === '' ? undefined : signerNameProblem(signer);
            if (signer === '') say.missing(fieldOf(at, 'signerName'), 'a clusterTrustBundle signerName may not be empty', 'Set signerName, e.g. example.com/my-signer.');
            else if (bad) say.reject(fieldOf(at, 'signerName'), `signerName ${JSON.stringify(signer)} ${bad}`, 'Write the signer as example.com/my-signer.', { value: signer });
            checkLabelSelector(bundle['labelSelector'], fieldOf(at, 'labelSelector'), say);
          } else {
            say.missing(at, 'a clusterTrustBundle source needs name or signerName', 'Add name (one bundle) or signerName.');
          }
          const path = str(bundle['path']) ?? '';
          const badPath = path === '' ? undefined : localPathProblem(path, true);
          if (path === '') say.missing(fieldOf(at, 'path'), 'a clusterTrustBundle source needs a path', 'Set path, e.g. ca.pem.');
          else if (badPath) say.reject(fieldOf(at, 'path'), `path ${JSON.stringify(path)} ${badPath}`, 'Use a relative file name such as ca.pem.', { value: path });
        }
      }
    },
  },
];
