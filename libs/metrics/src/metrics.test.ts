import { describe, expect, it } from 'vitest';
import { createMetrics } from './index';

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
