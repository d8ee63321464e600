// deploy/compose/compose.yaml is the Kubernetes layout on one Docker host: the same processes, the
// same images, the same configuration keys and the same hardening. These checks keep the two in
// step (tests/containers runs the compose file itself where Docker is).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { natsAuthorization } from '@airwave/bus';
import { build, k8sRoot } from './kustomize';

interface ComposeService {
  image: string;
  user?: string;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  tmpfs?: string[];
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  network_mode?: string;
}

const repo = resolve(k8sRoot, '..', '..');
const compose = parse(readFileSync(join(repo, 'deploy', 'compose', 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const manifests = build(join(k8sRoot, 'base')) as any[];
const configMaps = new Map<string, Record<string, string>>(manifests.filter((m) => m.kind === 'ConfigMap').map((m) => [m.metadata.name, m.data]));

/** Every Airwave container of the Kubernetes base: its workload, image name and environment keys. */
const workloads = manifests
  .filter((m) => m.kind === 'Deployment' || m.kind === 'Job')
  .flatMap((m) =>
    m.spec.template.spec.containers.map((c: any) => ({
      workload: m.metadata.name as string,
      kind: m.kind as string,
      image: String(c.image).split(':')[0]!,
      command: c.command as string[] | undefined,
      env: [
        ...(c.env ?? []).map((e: any) => e.name as string),
        ...(c.envFrom ?? []).flatMap((from: any) => Object.keys(configMaps.get(from.configMapRef.name) ?? {})),
      ],
    })),
  );

/** The compose service of a workload: airwave-gateway → gateway, airwave-migrate → migrate. */
const serviceOf = (workload: string) => compose.services[workload.replace(/^airwave-/, '')];

describe('deploy/compose/compose.yaml', () => {
  it('runs every workload of the Kubernetes base, from the same image', () => {
    expect(workloads.length).toBe(7);
    for (const { workload, image } of workloads) {
      const service = serviceOf(workload);
      expect(service, workload).toBeDefined();
      expect(service!.image).toBe(`${image}:\${AIRWAVE_TAG:-dev}`);
    }
  });

  it('gives each process every configuration key Kubernetes gives it', () => {
    for (const { workload, env } of workloads) {
      const keys = Object.keys(serviceOf(workload)!.environment ?? {});
      for (const key of env) expect(keys, `${workload} ${key}`).toContain(key);
    }
  });

  it('hardens every Airwave container as the manifests do: uid 1000, read-only root, no capabilities, a /tmp', () => {
    for (const { workload } of workloads) {
      const service = serviceOf(workload)!;
      expect(service.user, workload).toBe('1000:1000');
      expect(service.read_only, workload).toBe(true);
      expect(service.cap_drop, workload).toEqual(['ALL']);
      expect(service.security_opt, workload).toContain('no-new-privileges:true');
      expect(service.tmpfs?.some((mount) => mount.startsWith('/tmp:')), workload).toBe(true);
    }
  });

  it('migrates with the Job\'s command before any service starts', () => {
    const job = workloads.find((w) => w.kind === 'Job')!;
    expect(serviceOf(job.workload)!.command).toEqual(job.command);
    for (const name of ['account', 'media', 'scheduling', 'modules']) {
      expect(compose.services[name]!.depends_on?.migrate, name).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('lets nothing reach the gateway before it is ready: every process healthy only on /readyz, the gateway only after the services', () => {
    const ports: Record<string, number> = { account: 9464, media: 9464, scheduling: 9464, modules: 9464, gateway: 8081, edge: 8080 };
    for (const [name, port] of Object.entries(ports)) {
      const test = compose.services[name]!.healthcheck?.test.join(' ') ?? '';
      expect(test, name).toContain(`http://127.0.0.1:${port}/readyz`);
      expect(test, name).toMatch(/process\.exit\(r\.ok \? 0 : 1\)/);
    }
    for (const name of ['account', 'media', 'scheduling', 'modules']) {
      expect(compose.services.gateway!.depends_on?.[name], name).toEqual({ condition: 'service_healthy' });
    }
    // Kubernetes routes to a pod only once its readiness probe (the same /readyz) passes.
    for (const deployment of manifests.filter((m) => m.kind === 'Deployment')) {
      for (const container of deployment.spec.template.spec.containers) {
        expect(container.readinessProbe?.httpGet?.path, deployment.metadata.name).toBe('/readyz');
      }
    }
  });

  it('publishes the edge only (and Icecast to listeners, with the onair profile), and asks for the secrets instead of defaulting them', () => {
    const published = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual(['edge', 'icecast']);
    expect((compose.services.icecast as { profiles?: string[] }).profiles).toEqual(['onair']);
    const text = readFileSync(join(repo, 'deploy', 'compose', 'compose.yaml'), 'utf8');
    for (const secret of ['POSTGRES_PASSWORD', 'AIRWAVE_ADMIN_PASSWORD', 'AIRWAVE_ENCRYPTION_KEY', 'AIRWAVE_GATEWAY_KEY', 'AIRWAVE_GATEWAY_PUBLIC_KEY', 'AIRWAVE_PLAYOUT_KEY']) expect(text).toContain(`\${${secret}:?`);
  });

  it('runs NATS with the users nats.conf is generated with, each process with its own kind\'s password, none by default', () => {
    const conf = readFileSync(join(repo, 'deploy', 'compose', 'nats.conf'), 'utf8');
    // `pnpm --filter @airwave/deploy --silent nats-conf > deploy/compose/nats.conf` after a change to an operation's callers
    expect(conf).toBe(natsAuthorization('airwave'));
    const nats = compose.services.nats as ComposeService & { volumes?: string[] };
    expect(nats.command).toEqual(expect.arrayContaining(['--config', '/etc/nats/airwave.conf']));
    expect(nats.volumes).toContain('./nats.conf:/etc/nats/airwave.conf:ro');
    for (const user of ['gateway', 'account', 'media', 'scheduling', 'modules', 'playout', 'integrator']) {
      const variable = `AIRWAVE_NATS_${user.toUpperCase()}_PASSWORD`;
      expect(nats.environment?.[variable], variable).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
      if (user !== 'integrator') expect(compose.services[user]!.environment?.NATS_PASSWORD, user).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
    }
    expect(compose.services.migrate!.environment?.NATS_PASSWORD).toBeUndefined();
  });

  it('puts the gateway behind the edge: in its network, on its loopback only, believing its X-Forwarded-For', () => {
    const { edge, gateway } = compose.services;
    expect(edge!.image).toBe(gateway!.image);
    expect(edge!.command).toEqual(['node', 'dist/edge/main.js']);
    expect(gateway!.network_mode).toBe('service:edge');
    expect(gateway!.environment).toMatchObject({ HOST: '127.0.0.1', PORT: '8081' });
    expect(edge!.environment?.EDGE_UPSTREAM).toBe('127.0.0.1:8081');
    expect(gateway!.environment?.TRUSTED_PROXIES).toBe('loopback,${TRUSTED_PROXIES:-}');
    for (const [name, service] of Object.entries({ edge, gateway })) {
      expect(service!.user, name).toBe('1000:1000');
      expect(service!.read_only, name).toBe(true);
    }
  });
});
