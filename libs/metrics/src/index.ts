// Prometheus metrics. One registry per process; every process serves it at /metrics.
import type { Bus } from '@airwave/bus';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  busDuration: Histogram<'subject' | 'outcome'>;
  sessionStoreErrors: Counter;
  /** Counts one HTTP request and records its duration (what the gateway does for every request). */
  recordHttp(method: string, route: string, status: number, seconds: number): void;
  /** Records one bus request's duration by subject and outcome. */
  recordBus(subject: string, outcome: string, seconds: number): void;
  /** Reports a database pool's figures on every scrape. */
  watchPool(name: string, stats: () => { total: number; idle: number; waiting: number }): void;
}

export function createMetrics(labels: Record<string, string> = {}): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry, prefix: 'airwave_process_' });
  const pools = new Map<string, () => { total: number; idle: number; waiting: number }>();
  new Gauge({
    name: 'airwave_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, stats] of pools) {
        const s = stats();
        this.set({ pool, state: 'total' }, s.total);
        this.set({ pool, state: 'idle' }, s.idle);
        this.set({ pool, state: 'waiting' }, s.waiting);
      }
    },
  });
  const httpRequests = new Counter({ name: 'airwave_http_requests_total', help: 'HTTP requests by route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const httpDuration = new Histogram({
    name: 'airwave_http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const busDuration = new Histogram({
    name: 'airwave_bus_request_duration_seconds',
    help: 'Bus request latency by subject and outcome',
    labelNames: ['subject', 'outcome'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // Every request's metrics go to children looked up by one string key, not through prom-client's
  // label objects (it hashes and checks the labels on every call). The label values are bounded:
  // Node's HTTP methods, route patterns ('unmatched' for the rest), statuses and the operations' bus
  // subjects. Nothing here resets these metrics, which would detach the children.
  const httpChildren = new Map<string, { requests: { inc(): void }; duration: { observe(value: number): void } }>();
  const busChildren = new Map<string, { observe(value: number): void }>();
  return {
    registry,
    httpRequests,
    httpDuration,
    busDuration,
    recordHttp(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = httpChildren.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        child = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
        httpChildren.set(key, child);
      }
      child.requests.inc();
      child.duration.observe(seconds);
    },
    recordBus(subject, outcome, seconds) {
      const key = `${outcome} ${subject}`;
      let child = busChildren.get(key);
      if (!child) busChildren.set(key, (child = busDuration.labels({ subject, outcome })));
      child.observe(seconds);
    },
    sessionStoreErrors: new Counter({ name: 'airwave_session_store_errors_total', help: 'Errors talking to the session store', registers: [registry] }),
    watchPool(name, stats) {
      pools.set(name, stats);
    },
  };
}

/** Wraps a bus so that every request's latency is recorded by subject and outcome. */
export function instrumentBus(bus: Bus, metrics: Metrics): Bus {
  // Built once, not per property access: the wrapper sits on every request's path.
  const request: Bus['request'] = (subject, data, options) => {
    const started = performance.now();
    // One .then() rather than an async function awaiting the request (a promise and a turn fewer).
    return bus.request(subject, data, options).then(
      (reply) => {
        metrics.recordBus(subject, 'ok', (performance.now() - started) / 1000);
        return reply;
      },
      (error: unknown) => {
        metrics.recordBus(subject, (error as { code?: string }).code ?? 'error', (performance.now() - started) / 1000);
        throw error;
      },
    );
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(bus, {
    get(target, property, receiver) {
      if (property === 'request') return request;
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      let fn = bound.get(property);
      if (!fn) bound.set(property, (fn = (value as (...args: unknown[]) => unknown).bind(target)));
      return fn;
    },
  });
}
