// AirwaveStack used as its README shows: the production layout from the images `pnpm images`
// built, every service answering through the gateway, and a failed start that cleans up after
// itself and says why. Skipped (with the reason) where no Docker engine answers or an image is missing.
import { randomBytes } from 'node:crypto';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirwaveStack, type StartedAirwaveStack } from './index';
import { stackImagesHere } from './environment';
import { limit } from '../../../vitest.shared';

const here = await stackImagesHere();
const runnable = here.docker && here.missing.length === 0;
if (!runnable) process.stderr.write(`AirwaveStack tests skipped: ${here.docker ? `missing ${here.missing.join(', ')} (pnpm images)` : 'no Docker engine'}\n`);

async function containersLabelled(label: string, value: string) {
  const client = await getContainerRuntimeClient();
  return (await client.container.list()).filter((info) => info.Labels[label] === value);
}

describe.runIf(runnable)('AirwaveStack', () => {
  let stack: StartedAirwaveStack;
  const station = `station-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    stack = await new AirwaveStack().withAdminPassword('s3cret-pass').withPrefixes({ bus: station, redis: `${station}:` }).withLabels({ 'org.airwave.test': station }).withStartupTimeout(limit(120_000)).start();
  }, limit(300_000));

  afterAll(async () => {
    await stack?.stop();
  });

  it('serves login and uid through the gateway, with a logged-in typed client', async () => {
    const client = await stack.getClient();
    expect(await client.account.uid({})).toEqual({ id: 1, username: 'admin' });
    const player = await client.scheduling.playerCreate({ name: 'Studio B', timezone: 'America/New_York' });
    expect(await client.scheduling.playerGet({ id: player.id })).toMatchObject({ name: 'Studio B' });
    // The modules container has the encryption key: webhooks can be registered (their secrets sealed).
    const hook = await client.webhooks.create({ url: 'https://receiver.example/hook', event_types: ['scheduling.player.*'], description: '', enabled: true });
    expect(hook.secret).toMatch(/^whsec_/);
    await client.webhooks.remove({ id: hook.id });
  });

  it('runs each process in its own container, with the station prefixes', async () => {
    expect((await containersLabelled('org.airwave.test', station)).length).toBe(8); // 3 infrastructure + 4 services + gateway
    const keys = await stack.getContainer('redis').exec(['redis-cli', '--scan', '--pattern', '*']);
    const sessionKeys = keys.output.split('\n').filter((line) => line.trim() !== '');
    expect(sessionKeys.length).toBeGreaterThan(0);
    for (const key of sessionKeys) expect(key.startsWith(`${station}:`), key).toBe(true);
    const media = stack.getContainer('media');
    expect((await media.exec(['id', '-u'])).output.trim()).toBe('1000');
    expect((await media.exec(['touch', '/app/x'])).output).toMatch(/Read-only file system/);
  });

  it('keeps media files on the volume the gateway and the media service share', async () => {
    const client = await stack.getClient();
    const session = (await client.login('admin', 's3cret-pass')).key;
    const form = new FormData();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${stack.getBaseUrl()}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${session}` }, body: form });
    expect(upload.status).toBe(200);
    const onMedia = await stack.getContainer('media').exec(['find', '/data', '-type', 'f']);
    const onGateway = await stack.getContainer('gateway').exec(['find', '/data', '-type', 'f']);
    expect(onMedia.output.trim().split('\n')).toHaveLength(1);
    expect(onGateway.output).toBe(onMedia.output);
  });
});

describe.runIf(runnable)('AirwaveStack that cannot start', () => {
  it('names the part that failed with its last log lines, and leaves nothing running', async () => {
    const label = `failed-${randomBytes(3).toString('hex')}`;
    const error = await new AirwaveStack()
      .withEnvironment({ REQUEST_TIMEOUT_MS: 'soon' })
      .withLabels({ 'org.airwave.test': label })
      .start()
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^migrate \(airwave\/server:dev\) did not start/);
    expect((error as Error).message).toMatch(/REQUEST_TIMEOUT_MS/);
    expect(await containersLabelled('org.airwave.test', label)).toEqual([]);
  }, limit(300_000));
});
