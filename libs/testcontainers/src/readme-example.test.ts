import { AirwaveContainer, AirwaveStack, dockerHere } from '@airwave/testcontainers';
import { describe, expect, it } from 'vitest';

const { docker, missing } = await dockerHere(['airwave/server:dev', 'airwave/gateway:dev']);

describe.runIf(docker && missing.length === 0)('a station\'s integration test', () => {
  it('talks to Airwave in one container', async () => {
    await using airwave = await new AirwaveContainer().withAdminPassword('s3cret-pass').start();
    const client = await airwave.getClient(); // typed, logged in as admin
    expect(await client.account.uid({})).toEqual({ id: 1, username: 'admin' });
    const player = await client.scheduling.playerCreate({ name: 'FM', timezone: 'Europe/Paris' });
    expect(player.name).toBe('FM');
    const reply = await fetch(`${airwave.getBaseUrl()}/api/v2/ping`);
    expect(reply.ok).toBe(true);
  }, 300_000);

  it('talks to the production layout through its gateway', async () => {
    await using stack = await new AirwaveStack().withPrefixes({ bus: 'station-a', redis: 'station-a:' }).start();
    const client = await stack.getClient();
    expect((await client.account.uid({})).username).toBe('admin');
  }, 300_000);
});
