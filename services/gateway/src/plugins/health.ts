// Health for orchestrators: liveness (the process answers) and readiness (the bus, the session
// store, the process's own checks and every required service answer within two seconds).
import type { Bus } from '@airwave/bus';
import { failure, healthOf, ok, services } from '@airwave/contracts';
import type { SessionStore } from '@airwave/sessions';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

export interface HealthOptions {
  bus: Bus;
  sessions: SessionStore;
  /** Seconds a client not yet served is told to wait (Retry-After on a 503). */
  retryAfterSeconds: number;
  /** Extra readiness checks of the process (e.g. its database in the embedded default). */
  readinessChecks?: Record<string, () => Promise<void>>;
  /** Services whose health answer readiness requires (default: all). */
  requiredServices?: readonly string[];
}

const CHECK_TIMEOUT_MS = 2000;

/** Every readiness check, by name, each true when it answered. */
function readinessChecks(options: HealthOptions): Record<string, () => Promise<unknown>> {
  const { bus, sessions } = options;
  const checks: Record<string, () => Promise<unknown>> = {
    bus: () => bus.ping(CHECK_TIMEOUT_MS),
    sessions: () => sessions.ping(),
    ...options.readinessChecks,
  };
  for (const service of options.requiredServices ?? services) {
    checks[`service:${service}`] = async () => {
      const health = (await bus.request(healthOf(service).subject, { input: {}, principal: null }, { timeoutMs: CHECK_TIMEOUT_MS })) as { ok: boolean };
      if (!health.ok) throw new Error('unhealthy');
    };
  }
  return checks;
}

const health: FastifyPluginCallback<HealthOptions> = (app, options, done) => {
  const checks = readinessChecks(options);
  app.get('/healthz', async () => ok({ alive: true }));
  app.get('/readyz', async (_request, reply) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => [name, await check().then(() => true, () => false)] as const),
    );
    const results = Object.fromEntries(entries);
    const ready = entries.every(([, passed]) => passed);
    if (!ready) reply.header('retry-after', String(options.retryAfterSeconds));
    return reply.code(ready ? 200 : 503).send(ready ? ok(results, 'ready') : failure('not ready', results));
  });
  done();
};

export default fp(health, { name: 'airwave-health' });
