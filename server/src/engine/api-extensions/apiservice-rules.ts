// APIService (apiregistration.k8s.io/v1): name <version>.<group>, group and version names, priorities,
// local APIServices (no service) and the service reference.
import { isMap, isScalar } from 'yaml';
import { formatProblem } from '../validate/declarative-formats';
import { add, dns1035Problem, entries, isNull, isTrue, range, strOf, type Ctx } from './api-object-context';


export function validateApiService(ctx: Ctx): void {
  const root = entries(ctx, ctx.map);
  const spec = root.get('spec');
  const s = entries(ctx, spec?.value ?? null);
  const specRange = range(ctx, spec?.key, ctx.ownerRange);
  const groupEntry = s.get('group');
  const versionEntry = s.get('version');
  const group = strOf(groupEntry?.value) ?? '';
  const version = strOf(versionEntry?.value);

  // metadata.name = <version>.<group>
  const nameEntry = entries(ctx, root.get('metadata')?.value ?? null).get('name');
  const name = strOf(nameEntry?.value);
  if (name !== undefined && version !== undefined) {
    const expected = `${version}.${group}`;
    const segment = formatProblem('k8s-path-segment-name', name);
    if (segment) add(ctx, 'invalid-value', 'apiservice-name', `Applying fails: the APIService name ${segment}`, `Rename it to ${expected}.`, range(ctx, nameEntry?.value, specRange), 'metadata.name');
    else if (name !== expected) add(ctx, 'invalid-value', 'apiservice-name', `Applying fails: an APIService's name must be ${expected} (spec.version.spec.group), not ${name}`, `Rename it to ${expected}.`, range(ctx, nameEntry?.value, specRange), 'metadata.name', { data: { expected, wholeObject: true } });
  }

  if (!spec || isNull(spec.value)) {
    add(ctx, 'missing-field', 'apiservice-version', 'Applying fails: an APIService needs a spec (version, group and priorities)', 'Add spec with group, version, groupPriorityMinimum, versionPriority and the service.', ctx.ownerRange, 'spec');
  }
  if (spec && isMap(spec.value)) {
    if (group === '' && version !== undefined && version !== 'v1') {
      add(ctx, 'missing-field', 'apiservice-group', 'Applying fails: spec.group may be empty only for version v1 (the core API)', 'Add spec.group, the API group this server serves.', range(ctx, groupEntry?.value ?? groupEntry?.key, specRange), 'spec.group');
    } else if (group !== '') {
      const bad = formatProblem('k8s-long-name', group);
      if (bad) add(ctx, 'invalid-value', 'apiservice-group', `Applying fails: spec.group "${group}" ${bad}`, 'Use the API group name, e.g. metrics.k8s.io.', range(ctx, groupEntry?.value, specRange), 'spec.group');
    }
    if (version !== undefined) {
      const bad = dns1035Problem(version);
      if (bad) add(ctx, 'invalid-value', 'apiservice-version', `Applying fails: spec.version "${version}" ${bad}`, 'Use a version such as v1 or v1beta1.', range(ctx, versionEntry?.value, specRange), 'spec.version');
    }
    for (const field of ['groupPriorityMinimum', 'versionPriority']) {
      const limit = ctx.facts.limits[field];
      const f = s.get(field);
      const v = f && isScalar(f.value) && typeof f.value.value === 'number' ? f.value.value : undefined;
      if (!f || isNull(f.value)) {
        add(ctx, 'missing-field', 'apiservice-priority', `Applying fails: spec.${field} is missing (it must be ${limit?.min}–${limit?.max})`, `Add ${field}, e.g. ${field === 'versionPriority' ? 15 : 1000}.`, specRange, `spec.${field}`);
      } else if (v !== undefined && limit && ((limit.min !== undefined && v < limit.min) || (limit.max !== undefined && v > limit.max))) {
        add(ctx, 'invalid-value', 'apiservice-priority', `Applying fails: spec.${field} must be ${limit.min}–${limit.max}, not ${v}`, `Use a value from ${limit.min} to ${limit.max}.`, range(ctx, f.value, specRange), `spec.${field}`, { data: { min: limit.min, max: limit.max } });
      }
    }
    const serviceEntry = s.get('service');
    const ca = s.get('caBundle');
    const skip = s.get('insecureSkipTLSVerify');
    const hasCa = !!strOf(ca?.value);
    if (!serviceEntry || isNull(serviceEntry.value)) {
      if (hasCa) add(ctx, 'invalid-value', 'apiservice-local', 'Applying fails: a local APIService (no service) cannot have a caBundle', 'Remove caBundle, or add the service that serves this API.', range(ctx, ca?.key, specRange), 'spec.caBundle', { data: { wholeObject: true } });
      if (isTrue(skip?.value)) add(ctx, 'invalid-value', 'apiservice-local', 'Applying fails: a local APIService (no service) cannot set insecureSkipTLSVerify', 'Remove insecureSkipTLSVerify, or add the service that serves this API.', range(ctx, skip?.value, specRange), 'spec.insecureSkipTLSVerify', { data: { wholeObject: true } });
    } else {
      const svc = entries(ctx, serviceEntry.value);
      const port = svc.get('port');
      const limit = ctx.facts.limits['servicePort'];
      const p = port && isScalar(port.value) && typeof port.value.value === 'number' ? port.value.value : undefined;
      if (p !== undefined && limit && ((limit.min !== undefined && p < limit.min) || (limit.max !== undefined && p > limit.max))) {
        add(ctx, 'invalid-value', 'apiservice-service', `Applying fails: service port ${p} is not a valid port (${limit.min}–${limit.max})`, 'Use the Service port of the API server (443 is the default).', range(ctx, port?.value, specRange), 'spec.service.port');
      }
      if (isTrue(skip?.value) && hasCa) add(ctx, 'invalid-value', 'apiservice-service', 'Applying fails: insecureSkipTLSVerify cannot be true when caBundle is set', 'Remove insecureSkipTLSVerify: the caBundle verifies the server.', range(ctx, skip?.value, specRange), 'spec.insecureSkipTLSVerify');
    }
  }
}

