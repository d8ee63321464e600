// Renders every kustomization under deploy/k8s, validates every manifest against the Kubernetes
// schemas and checks the invariants the deployment promises (docs/deploy.md).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { accountConfig } from '@airwave/account';
import { modulesConfig } from '@airwave/modules';
import { schedulingConfig } from '@airwave/scheduling';
import { playoutConfig } from '@airwave/playout';
import { commonConfig, parseConfig, z } from '@airwave/config';
import { gatewayConfig } from '@airwave/gateway';
import { runtimeConfig } from '@airwave/service-kit';
import { describe, expect, it } from 'vitest';
import { build, findKustomizations, k8sRoot, parseEnvFile, type Manifest } from './kustomize';
import { validateManifests } from './validate';

const processes = ['gateway', 'account', 'media', 'scheduling', 'modules', 'playout'] as const;
const services = processes.filter((p) => p !== 'gateway');
const secretName = 'airwave-secrets';
const secretKeys = parseEnvFile(readFileSync(join(k8sRoot, 'secret.example.env'), 'utf8'), 'secret.example.env').map(([key]) => key);

const kustomizations = findKustomizations(k8sRoot).map((dir) => ({ name: relative(k8sRoot, dir), dir }));
const rendered = new Map(kustomizations.map(({ name, dir }) => [name, build(dir)]));
const deployable = [...rendered.keys()].filter((name) => name.startsWith('overlays/') && name.split('/').length === 2);

const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind) as any[];
const labelsMatch = (selector: Record<string, string>, labels: Record<string, string> | undefined) =>
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);
const podSpecs = (manifests: Manifest[]) =>
  [...ofKind(manifests, 'Deployment'), ...ofKind(manifests, 'Job')].map((m) => ({ id: `${m.kind} ${m.metadata.namespace ?? ''}/${m.metadata.name}`, owner: m, spec: m.spec.template.spec }));
const namespaces = (manifests: Manifest[]) => [...new Set(manifests.filter((m) => m.kind !== 'Namespace').map((m) => m.metadata.namespace ?? ''))];

/** The environment a container sees: its ConfigMaps, its literal env, and placeholders for its secrets. */
function containerEnv(manifests: Manifest[], namespace: string | undefined, container: any): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const configMap = ofKind(manifests, 'ConfigMap').find((c) => c.metadata.name === source.configMapRef?.name && c.metadata.namespace === namespace);
    if (!configMap) throw new Error(`ConfigMap ${source.configMapRef?.name} is missing in ${namespace}`);
    Object.assign(env, configMap.data);
  }
  const placeholders: Record<string, string> = {
    DATABASE_URL: 'postgres://airwave:secret@postgres:5432/airwave',
    NATS_URL: 'nats://airwave:secret@nats:4222',
    REDIS_URL: 'redis://:secret@redis:6379/0',
    AIRWAVE_ADMIN_PASSWORD: 'secret-password',
    AIRWAVE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    AIRWAVE_GATEWAY_KEY: Buffer.alloc(32, 8).toString('base64'),
    AIRWAVE_GATEWAY_PUBLIC_KEY: Buffer.alloc(32, 9).toString('base64'),
    AIRWAVE_PLAYOUT_KEY: Buffer.alloc(32, 10).toString('base64'),
    SMTP_URL: 'smtp://airwave:secret@smtp:587',
  };
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (variable.valueFrom?.secretKeyRef) {
      const key: string = variable.valueFrom.secretKeyRef.key;
      env[variable.name] = placeholders[key] ?? (/^AIRWAVE_NATS_\w+_PASSWORD$/.test(key) ? `${key.toLowerCase().replace(/[^a-z0-9]/g, "")}placeholder` : 'x');
    }
  }
  return env;
}

describe.each(kustomizations)('kustomization $name', ({ name }) => {
  const manifests = rendered.get(name)!;

  it('renders', () => {
    expect(manifests.length).toBeGreaterThan(0);
  });

  it('validates against the Kubernetes schemas', async () => {
    expect(await validateManifests(manifests)).toEqual([]);
  });

  it('runs every pod as non-root with a read-only root filesystem, no capabilities and RuntimeDefault seccomp', () => {
    for (const { id, spec } of podSpecs(manifests)) {
      expect(spec.securityContext?.runAsNonRoot, id).toBe(true);
      expect(spec.securityContext?.runAsUser, id).toBeGreaterThan(0);
      expect(spec.securityContext?.seccompProfile?.type, id).toBe('RuntimeDefault');
      expect(spec.automountServiceAccountToken, id).toBe(false);
      for (const container of [...spec.containers, ...(spec.initContainers ?? [])]) {
        const where = `${id} ${container.name}`;
        expect(container.securityContext?.readOnlyRootFilesystem, where).toBe(true);
        expect(container.securityContext?.allowPrivilegeEscalation, where).toBe(false);
        expect(container.securityContext?.privileged ?? false, where).toBe(false);
        expect(container.securityContext?.capabilities?.drop, where).toEqual(['ALL']);
        expect(container.securityContext?.capabilities?.add, where).toBeUndefined();
        // The one writable place: /tmp on an emptyDir.
        const tmp = container.volumeMounts?.find((mount: any) => mount.mountPath === '/tmp');
        expect(tmp, where).toBeDefined();
        expect(spec.volumes.find((volume: any) => volume.name === tmp.name)?.emptyDir, where).toBeDefined();
      }
    }
  });

  it('gives every container resource requests and limits and a pinned image', () => {
    for (const { id, spec } of podSpecs(manifests)) {
      for (const container of spec.containers) {
        for (const kind of ['requests', 'limits']) {
          for (const resource of ['cpu', 'memory']) expect(container.resources?.[kind]?.[resource], `${id} ${kind}.${resource}`).toBeDefined();
        }
        expect(container.image, id).toMatch(/^airwave\/(gateway|account|media|scheduling|modules|playout|server):\d+\.\d+\.\d+$/);
      }
    }
  });

  it('references secrets from airwave-secrets and never inlines them', () => {
    expect(ofKind(manifests, 'Secret')).toEqual([]);
    const referenced = new Set<string>();
    for (const { id, spec } of podSpecs(manifests)) {
      for (const container of spec.containers) {
        for (const variable of container.env ?? []) {
          if (secretKeys.includes(variable.name)) {
            expect(variable.value, `${id} ${variable.name} is inlined`).toBeUndefined();
            expect(variable.valueFrom?.secretKeyRef?.name, `${id} ${variable.name}`).toBe(secretName);
          }
          const ref = variable.valueFrom?.secretKeyRef;
          if (ref) {
            expect(ref.name, id).toBe(secretName);
            expect(secretKeys, `${id}: key ${ref.key} is not documented in secret.example.env`).toContain(ref.key);
            referenced.add(ref.key);
          }
        }
        for (const source of container.envFrom ?? []) expect(source.secretRef, `${id}: envFrom a whole Secret`).toBeUndefined();
      }
    }
    for (const configMap of ofKind(manifests, 'ConfigMap')) {
      for (const [key, value] of Object.entries<string>(configMap.data ?? {})) {
        expect(secretKeys, `ConfigMap ${configMap.metadata.name} holds ${key}`).not.toContain(key);
        expect(value, `ConfigMap ${configMap.metadata.name} ${key} holds credentials`).not.toMatch(/:\/\/[^/\s]*:[^/\s]*@/);
      }
    }
    expect([...referenced].sort()).toEqual([...secretKeys].sort());
  });
});

describe('the base', () => {
  const manifests = rendered.get('base')!;
  const byName = (kind: string, name: string) => ofKind(manifests, kind).find((m) => m.metadata.name === name);
  const config = (name: string) => byName('ConfigMap', name).data as Record<string, string>;

  it.each(processes)('has a Deployment, Service and PodDisruptionBudget for %s that select its pods', (process) => {
    const deployment = byName('Deployment', `airwave-${process}`);
    expect(deployment).toBeDefined();
    const podLabels = deployment.spec.template.metadata.labels;
    expect(labelsMatch(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
    const service = byName('Service', `airwave-${process}`);
    expect(labelsMatch(service.spec.selector, podLabels)).toBe(true);
    // Selecting no other process's pods.
    for (const other of processes.filter((p) => p !== process)) {
      expect(labelsMatch(service.spec.selector, byName('Deployment', `airwave-${other}`).spec.template.metadata.labels)).toBe(false);
    }
    const budget = byName('PodDisruptionBudget', `airwave-${process}`);
    expect(labelsMatch(budget.spec.selector.matchLabels, podLabels)).toBe(true);
    expect(budget.spec.maxUnavailable ?? budget.spec.minAvailable).toBeDefined();
  });

  it.each(processes)('probes %s on /healthz and /readyz at the port its config listens on', (process) => {
    const deployment = byName('Deployment', `airwave-${process}`);
    const container = deployment.spec.template.spec.containers[0];
    const env = containerEnv(manifests, undefined, container);
    const port = Number(process === 'gateway' ? env.PORT : env.METRICS_PORT);
    expect(port).toBe(process === 'gateway' ? 8080 : 9464);
    const named = (ref: string | number) => (typeof ref === 'number' ? ref : container.ports.find((p: any) => p.name === ref)?.containerPort);
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(named(container.livenessProbe.httpGet.port)).toBe(port);
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(named(container.readinessProbe.httpGet.port)).toBe(port);
    expect(named(container.startupProbe.httpGet.port)).toBe(port);
    // Prometheus finds /metrics on the same port.
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(port));
    const service = byName('Service', `airwave-${process}`);
    expect(service.spec.ports.map((p: any) => named(p.targetPort))).toEqual([port]);
  });

  it.each(processes)('lets %s finish its graceful shutdown before the kill', (process) => {
    const spec = byName('Deployment', `airwave-${process}`).spec.template.spec;
    const container = spec.containers[0];
    const env = containerEnv(manifests, undefined, container);
    const preStop = container.lifecycle?.preStop?.exec?.command?.[0] === 'sleep' ? Number(container.lifecycle.preStop.exec.command[1]) : 0;
    expect(spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS) + preStop * 1000);
  });

  it('passes each process a configuration its own zod schema accepts', () => {
    const schemas: Record<string, z.ZodType> = {
      gateway: z.object({ ...commonConfig, ...gatewayConfig, SESSION_TTL_SECONDS: z.coerce.number().int().min(2) }).strict(),
      account: runtimeConfig.extend(accountConfig).strict(),
      media: runtimeConfig.strict(),
      scheduling: runtimeConfig.extend(schedulingConfig).strict(),
      modules: runtimeConfig.extend(modulesConfig).strict(),
      playout: runtimeConfig.extend(playoutConfig).strict(),
    };
    for (const process of processes) {
      const container = byName('Deployment', `airwave-${process}`).spec.template.spec.containers[0];
      const env = containerEnv(manifests, undefined, container);
      // strict(): every variable the manifests set is one the process reads.
      const parsed = parseConfig(schemas[process]!, env) as Record<string, unknown>;
      if (process === 'gateway') expect(parsed.HOST).toBe('0.0.0.0');
      else expect(parsed.METRICS_PORT).toBe(9464);
      expect(parsed.NATS_URL ?? parsed.DATABASE_URL).toBeDefined();
    }
    expect(config('airwave-common').BUS_PREFIX).toBe('airwave');
  });

  it('gives each service the infrastructure it needs and the gateway no database', () => {
    const secretsOf = (process: string) =>
      byName('Deployment', `airwave-${process}`).spec.template.spec.containers[0].env.filter((v: any) => v.valueFrom?.secretKeyRef).map((v: any) => v.name);
    expect(secretsOf('gateway').sort()).toEqual(['AIRWAVE_GATEWAY_KEY', 'NATS_PASSWORD', 'NATS_URL', 'REDIS_URL']);
    // Each process connects to NATS as its own kind's user (docs/decisions/bus-security.md).
    for (const process of ['gateway', ...services]) {
      const password = byName('Deployment', `airwave-${process}`).spec.template.spec.containers[0].env.find((v: any) => v.name === 'NATS_PASSWORD');
      expect(password?.valueFrom?.secretKeyRef?.key, process).toBe(`AIRWAVE_NATS_${process.toUpperCase()}_PASSWORD`);
    }
    for (const service of services) expect(secretsOf(service)).toEqual(expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'REDIS_URL']));
    expect(secretsOf('account')).toEqual(expect.arrayContaining(['AIRWAVE_ADMIN_PASSWORD', 'AIRWAVE_ENCRYPTION_KEY', 'SMTP_URL']));
    expect(secretsOf('modules')).toEqual(expect.arrayContaining(['AIRWAVE_ENCRYPTION_KEY']));
    expect(secretsOf('scheduling')).toEqual(expect.arrayContaining(['AIRWAVE_ENCRYPTION_KEY']));
    // The gateway's private key to the gateway only; its public half to every service.
    for (const process of ['account', 'media', 'scheduling', 'modules', 'playout']) {
      expect(secretsOf(process)).toContain('AIRWAVE_GATEWAY_PUBLIC_KEY');
      expect(secretsOf(process)).not.toContain('AIRWAVE_GATEWAY_KEY');
      // The key of source passwords on the bus: the scheduling service's and the playout's only.
      expect(secretsOf(process).includes('AIRWAVE_PLAYOUT_KEY'), process).toBe(process === 'scheduling' || process === 'playout');
    }
  });

  it('autoscales the gateway with an autoscaling/v2 HorizontalPodAutoscaler that owns its replica count', () => {
    const autoscalers = ofKind(manifests, 'HorizontalPodAutoscaler');
    expect(autoscalers).toHaveLength(1);
    const [hpa] = autoscalers;
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'airwave-gateway' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(byName('Deployment', 'airwave-gateway').spec.replicas).toBeUndefined();
    for (const service of services) expect(byName('Deployment', `airwave-${service}`).spec.replicas).toBeGreaterThanOrEqual(2);
  });

  it('has a migration Job running src/migrate.ts of the server image against the database only', () => {
    const job = byName('Job', 'airwave-migrate');
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toMatch(/^airwave\/server:/);
    expect(container.command).toEqual(['node', '--import', 'tsx', 'src/migrate.ts']);
    expect(container.env.map((v: any) => v.name)).toEqual(['DATABASE_URL']);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
  });

  it('lets only the gateway take traffic from outside the namespace', () => {
    const policies = ofKind(manifests, 'NetworkPolicy');
    const selects = (policy: any, labels: Record<string, string>) => {
      const selector = policy.spec.podSelector;
      if (!labelsMatch(selector.matchLabels ?? {}, labels)) return false;
      return (selector.matchExpressions ?? []).every((e: any) => (e.operator === 'In' ? e.values.includes(labels[e.key]) : false));
    };
    // Default deny, both ways, for every pod.
    expect(policies.some((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress && p.spec.policyTypes.includes('Ingress') && p.spec.policyTypes.includes('Egress'))).toBe(true);
    const fromOutside = (rule: any) => !rule.from || rule.from.some((peer: any) => peer.namespaceSelector || peer.ipBlock);
    for (const process of processes) {
      const labels = byName('Deployment', `airwave-${process}`).spec.template.metadata.labels;
      const rules = policies.filter((p) => selects(p, labels)).flatMap((p) => p.spec.ingress ?? []);
      expect(rules.length, process).toBeGreaterThan(0);
      if (process === 'gateway') {
        expect(rules.some(fromOutside)).toBe(true);
        expect(rules.flatMap((r: any) => r.ports.map((p: any) => p.port))).toEqual([8080]);
      } else {
        expect(rules.some(fromOutside), process).toBe(false);
      }
    }
    const migrateLabels = byName('Job', 'airwave-migrate').spec.template.metadata.labels;
    expect(policies.filter((p) => selects(p, migrateLabels)).flatMap((p) => p.spec.ingress ?? [])).toEqual([]);
    // Egress: DNS, Postgres, NATS, Redis for all; SMTP only for the account service, HTTPS only for modules (webhooks).
    const egressPorts = (labels: Record<string, string>) =>
      new Set(policies.filter((p) => selects(p, labels)).flatMap((p) => (p.spec.egress ?? []).flatMap((r: any) => r.ports.map((port: any) => port.port))));
    const gatewayEgress = egressPorts(byName('Deployment', 'airwave-gateway').spec.template.metadata.labels);
    for (const port of [53, 4222, 6379]) expect(gatewayEgress.has(port)).toBe(true);
    expect(gatewayEgress.has(587)).toBe(false);
    const accountEgress = egressPorts(byName('Deployment', 'airwave-account').spec.template.metadata.labels);
    for (const port of [53, 5432, 4222, 6379, 587]) expect(accountEgress.has(port)).toBe(true);
    expect(accountEgress.has(443)).toBe(false);
    const modulesEgress = egressPorts(byName('Deployment', 'airwave-modules').spec.template.metadata.labels);
    for (const port of [53, 5432, 4222, 443]) expect(modulesEgress.has(port)).toBe(true);
    expect(modulesEgress.has(587)).toBe(false);
  });
});

describe.each(deployable)('overlay %s', (name) => {
  const manifests = rendered.get(name)!;

  it('puts everything in namespaces it creates, with the restricted Pod Security Standard enforced', () => {
    const created = ofKind(manifests, 'Namespace');
    for (const namespace of namespaces(manifests)) {
      expect(namespace).not.toBe('');
      const object = created.find((n) => n.metadata.name === namespace);
      expect(object, namespace).toBeDefined();
      expect(object.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    }
  });

  it('has the complete base in each namespace', () => {
    const base = rendered.get('base')!;
    for (const namespace of namespaces(manifests)) {
      const inNamespace = manifests.filter((m) => m.metadata.namespace === namespace).map((m) => `${m.kind}/${m.metadata.name}`);
      expect(inNamespace.sort()).toEqual(base.map((m) => `${m.kind}/${m.metadata.name}`).sort());
    }
  });
});

describe('the multi-station overlay', () => {
  const manifests = rendered.get('overlays/multi-station')!;
  const common = ofKind(manifests, 'ConfigMap').filter((c) => c.metadata.name === 'airwave-common');

  it('runs several stations, one namespace each', () => {
    expect(namespaces(manifests).sort()).toEqual(['station-a', 'station-b']);
    expect(common).toHaveLength(2);
  });

  it('gives each station its own bus prefix, event stream and Redis prefix', () => {
    const prefixes = common.map((c) => c.data.BUS_PREFIX);
    // The bus names a prefix's JetStream stream `<PREFIX>_EVENTS` (libs/bus/src/subjects.ts).
    const streams = prefixes.map((p: string) => `${p.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_EVENTS`);
    const redis = common.map((c) => c.data.REDIS_PREFIX);
    for (const values of [prefixes, streams, redis]) expect(new Set(values).size).toBe(common.length);
    expect(prefixes).not.toContain('airwave');
    // No prefix is a token-prefix of another's subjects (`a` vs `a.b` cannot happen: no dots allowed).
    for (const prefix of prefixes) parseConfig(z.object({ BUS_PREFIX: commonConfig.BUS_PREFIX }), { BUS_PREFIX: prefix });
    // Labels tell the stations apart.
    for (const configMap of common) expect(configMap.metadata.labels['app.kubernetes.io/instance']).toBe(configMap.metadata.namespace);
  });

  it('scopes the NetworkPolicies to each station: no cross-station pod traffic', () => {
    for (const policy of ofKind(manifests, 'NetworkPolicy')) {
      for (const rule of policy.spec.ingress ?? []) {
        for (const peer of rule.from ?? []) expect(peer.namespaceSelector, policy.metadata.name).toBeUndefined();
      }
    }
  });
});
