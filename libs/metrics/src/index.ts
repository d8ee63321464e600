// Prometheus metrics. One registry per process; every process serves it at /metrics.
import type { Bus } from '@airwave/bus';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { KeyedHistogram } from './keyed-histogram';

export { KeyedHistogram } from './keyed-histogram';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: KeyedHistogram<'method' | 'route' | 'status'>;
  busDuration: KeyedHistogram<'subject' | 'outcome'>;
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
  const pools = poolGauge(registry);
  const httpDuration = new KeyedHistogram<'method' | 'route' | 'status'>(
    'airwave_http_request_duration_seconds',
    'HTTP request latency by route and status',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  const busDuration = new KeyedHistogram<'subject' | 'outcome'>(
    'airwave_bus_request_duration_seconds',
    'Bus request latency by subject and outcome',
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  registry.registerMetric(httpDuration as never);
  registry.registerMetric(busDuration as never);
  // The request count is the latency histogram's count, read out when scraped.
  const httpRequests = new Counter({
    name: 'airwave_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of httpDuration.totals()) this.inc(labels, count);
    },
  });
  // The label values are bounded: Node's HTTP methods, route patterns ('unmatched' for the rest),
  // statuses, the operations' bus subjects and error codes.
  return {
    registry,
    httpRequests,
    httpDuration,
    busDuration,
    recordHttp(method, route, status, seconds) {
      httpDuration.observe(`${method} ${status} ${route}`, () => ({ method, route, status: String(status) }), seconds);
    },
    recordBus(subject, outcome, seconds) {
      busDuration.observe(`${outcome} ${subject}`, () => ({ subject, outcome }), seconds);
    },
    sessionStoreErrors: new Counter({ name: 'airwave_session_store_errors_total', help: 'Errors talking to the session store', registers: [registry] }),
    watchPool(name, stats) {
      pools.set(name, stats);
    },
  };
}

type PoolStats = () => { total: number; idle: number; waiting: number };

/** The gauge of database pool connections, read from the pools watched (by name) on every scrape. */
function poolGauge(registry: Registry): Map<string, PoolStats> {
  const pools = new Map<string, PoolStats>();
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
  return pools;
}

/** Wraps a bus so that every request's latency is recorded by subject and outcome. */
export function instrumentBus(bus: Bus, metrics: Metrics): Bus {
  // Built once, not per property access: the wrapper sits on every request's path.
  // One .then() rather than an async function awaiting the request (a promise and a turn fewer).
  const timed = <T>(subject: string, started: number, sent: Promise<T>): Promise<T> =>
    sent.then(
      (reply) => {
        metrics.recordBus(subject, 'ok', (performance.now() - started) / 1000);
        return reply;
      },
      (error: unknown) => {
        metrics.recordBus(subject, (error as { code?: string }).code ?? 'error', (performance.now() - started) / 1000);
        throw error;
      },
    );
  const request: Bus['request'] = (subject, data, options) => timed(subject, performance.now(), bus.request(subject, data, options));
  const requestJson: Bus['requestJson'] = (subject, data, options) => timed(subject, performance.now(), bus.requestJson(subject, data, options));
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(bus, {
    get(target, property, receiver) {
      if (property === 'request') return request;
      if (property === 'requestJson') return requestJson;
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      let fn = bound.get(property);
      if (!fn) bound.set(property, (fn = (value as (...args: unknown[]) => unknown).bind(target)));
      return fn;
    },
  });
}
