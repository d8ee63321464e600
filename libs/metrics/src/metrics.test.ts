import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '@airwave/bus';
import { createMetrics, instrumentBus, KeyedHistogram } from './index';

describe('recordHttp and recordBus', () => {
  it('count every call under its own labels, through the cached children', async () => {
    const metrics = createMetrics({ process: 'test' });
    metrics.recordHttp('GET', '/api/v2/account/uid', 200, 0.003);
    metrics.recordHttp('GET', '/api/v2/account/uid', 200, 0.02);
    metrics.recordHttp('GET', '/api/v2/account/uid', 401, 0.001);
    metrics.recordHttp('POST', 'unmatched', 404, 0.001);
    const requests = (await metrics.httpRequests.get()).values;
    const count = (method: string, route: string, status: string) =>
      requests.find((v) => v.labels.method === method && v.labels.route === route && v.labels.status === status)?.value;
    expect(count('GET', '/api/v2/account/uid', '200')).toBe(2);
    expect(count('GET', '/api/v2/account/uid', '401')).toBe(1);
    expect(count('POST', 'unmatched', '404')).toBe(1);
    expect(requests).toHaveLength(3);

    const durations = (await metrics.httpDuration.get()).values;
    const sum = durations.find((v) => v.metricName === 'airwave_http_request_duration_seconds_sum' && v.labels.status === '200');
    expect(sum?.value).toBeCloseTo(0.023, 6);
    const le5ms = durations.find((v) => (v.labels as { le?: number }).le === 0.005 && v.labels.status === '200');
    expect(le5ms?.value).toBe(1);

    metrics.recordBus('account.uid', 'ok', 0.0005);
    metrics.recordBus('account.uid', 'ok', 0.002);
    metrics.recordBus('account.uid', 'timeout', 5);
    const text = await metrics.registry.metrics();
    const busCount = (outcome: string) =>
      text.split('\n').find((line) => line.startsWith('airwave_bus_request_duration_seconds_count{') && line.includes(`outcome="${outcome}"`) && line.includes('subject="account.uid"'));
    expect(busCount('ok')).toMatch(/ 2$/);
    expect(busCount('timeout')).toMatch(/ 1$/);
  });
});

describe('instrumentBus', () => {
  it('records request and requestJson by subject and outcome, and passes their results through', async () => {
    const metrics = createMetrics({ process: 'test' });
    const plain = createInProcessBus();
    const bus = instrumentBus(plain, metrics);
    await plain.handle('things.get', ({ data }) => ((data as { id: number }).id === 0 ? new Promise(() => undefined) : { id: (data as { id: number }).id }));
    await expect(bus.request('things.get', { id: 1 })).resolves.toEqual({ id: 1 });
    await expect(bus.requestJson('things.get', { id: 2 })).resolves.toBe('{"id":2}');
    await expect(bus.requestJson('things.get', { id: 0 }, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' });
    await expect(bus.request('things.none', {})).rejects.toMatchObject({ code: 'unavailable' });
    const text = await metrics.registry.metrics();
    const count = (subject: string, outcome: string) =>
      text.split('\n').find((line) => line.startsWith('airwave_bus_request_duration_seconds_count{') && line.includes(`outcome="${outcome}"`) && line.includes(`subject="${subject}"`));
    expect(count('things.get', 'ok')).toMatch(/ 2$/);
    expect(count('things.get', 'timeout')).toMatch(/ 1$/);
    expect(count('things.none', 'unavailable')).toMatch(/ 1$/);
  });
});

describe('KeyedHistogram', () => {
  it('exposes what a prom-client Histogram exposes for the same observations', async () => {
    const { Histogram, Registry } = await import('prom-client');
    const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
    const label = fc.record({ method: fc.constantFrom('GET', 'POST', 'DELETE'), route: fc.constantFrom('/a', '/b/:id', 'unmatched'), status: fc.constantFrom(200, 400, 503) });
    // Values on and around the bounds, and beyond the last.
    const value = fc.oneof(fc.constantFrom(...buckets, 0, 20), fc.double({ min: 0, max: 20, noNaN: true }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(label, value), { maxLength: 60 }), async (observations) => {
        const ours = new Registry();
        ours.setDefaultLabels({ process: 'p' });
        const keyed = new KeyedHistogram<'method' | 'route' | 'status'>('h_seconds', 'help', buckets);
        ours.registerMetric(keyed as never);
        const theirs = new Registry();
        theirs.setDefaultLabels({ process: 'p' });
        const reference = new Histogram({ name: 'h_seconds', help: 'help', labelNames: ['method', 'route', 'status'], buckets, registers: [theirs] });
        for (const [{ method, route, status }, seconds] of observations) {
          keyed.observe(`${method} ${status} ${route}`, () => ({ method, route, status: String(status) }), seconds);
          reference.observe({ method, route, status: String(status) }, seconds);
        }
        const lines = async (registry: InstanceType<typeof Registry>) => (await registry.metrics()).split('\n').filter(Boolean).sort();
        expect(await lines(ours)).toEqual(await lines(theirs));
      }),
      { numRuns: 200 },
    );
  });
});
