// Fault: the modules service (which delivers webhooks) is SIGKILLed while events stream out, and a
// second modules replica keeps running. Every event the webhook chose still reaches the receiver,
// verified, once the killed replica's claims lapse and a restarted one resumes the stream's
// durable consumer: nothing is lost, and the API never waited on deliveries.
import { randomBytes } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../src/webhook-receiver';
import { ADMIN_PASSWORD, Cluster, outboxRows, reportSummary, skipReason, sleep, waitFor, type Gateway } from './cluster';
import { limit } from '../../vitest.shared';

describe.skipIf(skipReason)(`fault: the webhook sender is killed mid-delivery${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: Cluster;
  let gateway: Gateway;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    cluster = await Cluster.create({
      label: 'hooks',
      env: { AIRWAVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'), WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_FIRST_RETRY_SECONDS: '0.2', WEBHOOK_TIMEOUT_SECONDS: '1' },
    });
    await cluster.startServices();
    await cluster.startService('modules'); // a second replica: deliveries go on while one is dead
    gateway = await cluster.startGateway();
  }, limit(120_000));
  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
  });

  it('delivers every chosen event, verified, across a SIGKILL and a restart of a modules replica', async () => {
    const key = (await gateway.api.login('admin', ADMIN_PASSWORD)).key;
    const hook = await gateway.api.post<{ id: number; secret: string }>('/webhooks', { key, body: { url: receiver.url, event_types: ['scheduling.player.saved'] } });
    expect(hook.status, hook.text).toBe(200);
    // Slow answers, so attempts are in flight when the replica dies.
    receiver.answers = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? 503 : 200));
    const saves: number[] = [];
    const write = async (name: string) => {
      const reply = await gateway.api.post<{ id: number }>('/players', { key, body: { name, timezone: 'Europe/Berlin' } });
      expect(reply.status, reply.text).toBe(200);
      saves.push(reply.body.data.id);
    };
    for (let i = 0; i < 30; i += 1) await write(`before-${i}`);
    const [victim] = cluster.services.get('modules')!;
    expect(await cluster.kill(victim!.proc, 'SIGKILL')).toBe('SIGKILL');
    for (let i = 0; i < 30; i += 1) await write(`while-dead-${i}`);
    await cluster.startService('modules');
    for (let i = 0; i < 10; i += 1) await write(`after-${i}`);

    const verifier = new StandardWebhook(hook.body.data.secret);
    const delivered = () => new Set(receiver.received.map((d) => (verifier.verify(d.body, d.headers as Record<string, string>) as { payload: { id: number } }).payload.id));
    const waitedMs = await waitFor('every save to reach the receiver', async () => saves.every((id) => delivered().has(id)), 60_000, 200);
    const events = (await outboxRows(cluster.database, ['scheduling'])).filter((r) => r.subject === 'scheduling.player.saved');
    expect(events).toHaveLength(saves.length);
    // The log agrees: one delivery per event, each delivered (one the dead replica sent but never
    // recorded is sent again once its claim lapses, and then recorded).
    const logOf = async () =>
      (await gateway.api.get<{ total: number; deliveries: { status: string }[] }>(`/webhooks/${hook.body.data.id}/deliveries`, { key, query: { limit: 500 } })).body.data;
    await waitFor('every delivery to be logged as delivered', async () => (await logOf()).deliveries.every((d) => d.status === 'delivered'), 30_000, 200);
    expect((await logOf()).total).toBe(saves.length);
    await sleep(300);
    const repeats = receiver.received.length - saves.length;

    reportSummary({
      scenario: 'SIGKILL a modules replica while webhooks deliver',
      requests: saves.length,
      byStatus: { 200: saves.length },
      writesAcked: saves.length,
      writesChecked: delivered().size,
      lost: saves.filter((id) => !delivered().has(id)).length,
      notes: `${receiver.received.length} POSTs for ${saves.length} events (${repeats} retries or repeats after the kill); all delivered ${waitedMs} ms after the last save`,
    });
  }, limit(120_000));
});
