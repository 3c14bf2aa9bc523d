// The per-source rules of validateVolumeSource that volume-sources.ts does not cover: Azure disk URIs for the disk
// kind, CSI driver names, reserved FlexVolume option namespaces, generic ephemeral volumes (a claim template with
// only labels and annotations in its metadata and a valid claim spec), the downward API selectors of downwardAPI
// files, and projected volumes (one kind per source, names, token expiry and path, duplicate paths). Over the
// spec after SetDefaults_PodSpec (a projected token's expirationSeconds defaults to one hour).
import { at, type PodSpecRule, type Say } from './rule-types';
import { fieldOf, itemOf, num, obj, objs, str, type Obj } from './object-view';
import { checkFieldRef, checkResourceFieldRef, VOLUME_FIELD_PATHS } from './downward-api';
import { checkClaimSpec } from './core-objects';
import { localPathProblem } from './volumes';
import { briefFormatProblem } from '../declarative-formats';

const CORE = at('pkg/apis/core/validation/validation.go', '000f26050b9be6fb3d79fae95e06b47fc96128cd');
const DEFAULTS = { repo: 'kubernetes/kubernetes', path: 'pkg/apis/core/v1/defaults.go', commit: 'e34b0935e09e39e5e7fb74b8f6ad141107d3b90e' };

const PROJECTION_KINDS = ['secret', 'configMap', 'downwardAPI', 'serviceAccountToken', 'clusterTrustBundle'];
/** One hour: SetDefaults_ServiceAccountTokenProjection. */
const DEFAULT_TOKEN_SECONDS = 3600;

function checkDownwardFile(say: Say, file: Obj, path: string): void {
  const fieldRef = obj(file['fieldRef']);
  const resourceRef = obj(file['resourceFieldRef']);
  if (fieldRef) checkFieldRef(say, fieldRef, fieldOf(path, 'fieldRef'), VOLUME_FIELD_PATHS);
  if (fieldRef && resourceRef) say.reject(path, 'a downwardAPI file may not set both fieldRef and resourceFieldRef', 'Keep one of the two.');
  else if (resourceRef) checkResourceFieldRef(say, resourceRef, fieldOf(path, 'resourceFieldRef'), true);
}

function checkAzureDisk(say: Say, disk: Obj, path: string): void {
  const uri = str(disk['diskURI']) ?? '';
  if (uri === '') return;
  // The kind defaults to Shared (SetDefaults_AzureDiskVolumeSource): only Managed disks take a resource ID.
  const managed = (str(disk['kind']) ?? 'Shared') === 'Managed';
  if (managed && !uri.startsWith('/subscriptions/')) {
    say.reject(fieldOf(path, 'diskURI'), 'a Managed Azure disk needs a diskURI of the form /subscriptions/…/disks/<name>', 'Use the managed disk resource ID, or set kind to Shared or Dedicated.', { value: uri });
  } else if (!managed && !uri.startsWith('https://')) {
    say.reject(fieldOf(path, 'diskURI'), 'a blob Azure disk needs a diskURI of the form https://<account>.blob.core.windows.net/…', 'Use the blob URL of the disk, or set kind: Managed.', { value: uri });
  }
}

/** ValidateCSIDriverName: required, at most 63 characters, a DNS subdomain once lower-cased. */
function driverProblem(driver: string): string | undefined {
  if (driver === '') return 'is required';
  if (driver.length > 63) return 'is longer than 63 characters';
  return briefFormatProblem('k8s-long-name', driver.toLowerCase());
}

function checkFlexOptions(say: Say, flex: Obj, path: string): void {
  for (const key of Object.keys(obj(flex['options']) ?? {})) {
    const namespace = key.includes('/') ? key.slice(0, key.indexOf('/')) : key;
    const normalized = `.${namespace.toLowerCase()}`;
    if (!normalized.endsWith('.kubernetes.io') && !normalized.endsWith('.k8s.io')) continue;
    say.reject(fieldOf(fieldOf(path, 'options'), key), `FlexVolume option ${key} uses a reserved namespace (kubernetes.io, k8s.io)`, 'Name the option under your own domain.', { value: key });
  }
}

function checkEphemeral(say: Say, ephemeral: Obj, path: string): void {
  const template = obj(ephemeral['volumeClaimTemplate']);
  const at = fieldOf(path, 'volumeClaimTemplate');
  if (!template) {
    say.missing(at, 'an ephemeral volume needs volumeClaimTemplate', 'Add volumeClaimTemplate with the claim spec (accessModes, resources).');
    return;
  }
  for (const field of Object.keys(obj(template['metadata']) ?? {})) {
    if (field === 'labels' || field === 'annotations') continue;
    say.reject(fieldOf(fieldOf(at, 'metadata'), field), `${field} cannot be set in a claim template's metadata`, `Remove ${field}; only labels and annotations are allowed.`);
  }
  // A template without spec is the schema's to report (the field is required there).
  const spec = obj(template['spec']);
  if (spec) checkClaimSpec(say, spec, fieldOf(at, 'spec'));
}

function checkProjected(say: Say, projected: Obj, path: string): void {
  const seen = new Set<string>();
  const addPath = (p: string | undefined) => {
    if (p === undefined || p === '') return;
    if (seen.has(p)) say.reject(path, `two projected sources write the same path ${JSON.stringify(p)}`, 'Give each projected file its own path.', { value: p });
    seen.add(p);
  };
  for (const [source, i] of objs(projected['sources'])) {
    const srcPath = itemOf(fieldOf(path, 'sources'), i);
    const kinds = PROJECTION_KINDS.filter((k) => source[k] !== undefined && source[k] !== null);
    if (kinds.length > 1) say.reject(srcPath, `a projected source may hold one kind, not ${kinds.length} (${kinds.slice(0, 2).join(', ')}${kinds.length > 2 ? ', …' : ''})`, `Put each of ${kinds.join(', ')} in its own entry of sources.`);
    for (const kind of ['secret', 'configMap']) {
      const ref = obj(source[kind]);
      if (!ref) continue;
      if ((str(ref['name']) ?? '') === '') say.missing(fieldOf(fieldOf(srcPath, kind), 'name'), `a projected ${kind} needs a name`, `Name the ${kind} to project.`);
      for (const [item] of objs(ref['items'])) addPath(str(item['path']));
    }
    const downward = obj(source['downwardAPI']);
    for (const [file] of objs(downward?.['items'])) {
      checkDownwardFile(say, file, fieldOf(srcPath, 'downwardAPI'));
      addPath(str(file['path']));
    }
    const token = obj(source['serviceAccountToken']);
    if (token) {
      const seconds = num(token['expirationSeconds']) ?? DEFAULT_TOKEN_SECONDS;
      if (seconds < 600 || seconds > 2 ** 32) {
        say.reject(fieldOf(fieldOf(srcPath, 'serviceAccountToken'), 'expirationSeconds'), `token expirationSeconds ${seconds} must be from 600 (10 minutes) to 2^32`, 'Use 600 or more, e.g. 3600.', { value: seconds });
      }
      // An empty path is the schema's to report (the field is required there).
      const tokenPath = str(token['path']) ?? '';
      const bad = tokenPath === '' ? undefined : localPathProblem(tokenPath, true);
      if (bad) say.reject(fieldOf(path, 'path'), `the token path ${JSON.stringify(tokenPath)} ${bad}`, 'Use a relative file name such as token.', { value: tokenPath });
    }
    const bundle = obj(source['clusterTrustBundle']);
    if (bundle) addPath(str(bundle['path']));
  }
}

export const VOLUME_SOURCE_DETAIL_RULES: readonly PodSpecRule[] = [
  {
    rule: 'volumeSourceDetails',
    source: [
      CORE('validateAzureDisk (diskURI form for the disk kind)'),
      CORE('validateCSIVolumeSource → ValidateCSIDriverName'),
      CORE('validateFlexVolumeSource (kubernetes.io and k8s.io option namespaces are reserved)'),
      CORE('validateEphemeralVolumeSource / ValidatePersistentVolumeClaimTemplate / ValidateTemplateObjectMeta'),
      CORE('validateDownwardAPIVolumeFile (validateObjectFieldSelector, validateContainerResourceFieldSelector with containerName)'),
      CORE('validateProjectionSources (one kind per source; names; token expiry and path; conflicting duplicate paths)'),
      { ...DEFAULTS, fn: 'SetDefaults_AzureDiskVolumeSource / SetDefaults_ServiceAccountTokenProjection' },
    ],
    check(t, say) {
      for (const [volume, i] of objs(t.spec['volumes'])) {
        const base = itemOf(fieldOf(t.path, 'volumes'), i);
        const sub = (field: string) => obj(volume[field]);
        const azure = sub('azureDisk');
        if (azure) checkAzureDisk(say, azure, fieldOf(base, 'azureDisk'));
        const csi = sub('csi');
        const driver = csi ? (str(csi['driver']) ?? '') : undefined;
        const badDriver = driver === undefined ? undefined : driverProblem(driver);
        if (badDriver) say.reject(fieldOf(fieldOf(base, 'csi'), 'driver'), `CSI driver name ${JSON.stringify(driver)} ${badDriver}`, 'Use the driver\'s DNS-style name, e.g. ebs.csi.aws.com.', { value: driver });
        const flex = sub('flexVolume');
        if (flex) checkFlexOptions(say, flex, fieldOf(base, 'flexVolume'));
        const ephemeral = sub('ephemeral');
        if (ephemeral) checkEphemeral(say, ephemeral, fieldOf(base, 'ephemeral'));
        const downward = sub('downwardAPI');
        for (const [file, j] of objs(downward?.['items'])) checkDownwardFile(say, file, itemOf(fieldOf(fieldOf(base, 'downwardAPI'), 'items'), j));
        const projected = sub('projected');
        if (projected) checkProjected(say, projected, fieldOf(base, 'projected'));
      }
    },
  },
];
