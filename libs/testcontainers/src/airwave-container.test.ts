// AirwaveContainer used as its README shows, against the image `pnpm images` built. Skipped (with
// the reason) where no Docker engine answers or the image is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirwaveContainer, type StartedAirwaveContainer } from './index';
import { airwaveImage } from './images';
import { dockerHere } from './environment';
import { limit } from '../../../vitest.shared';

const here = await dockerHere([airwaveImage('server')]);
const runnable = here.docker && here.missing.length === 0;
if (!runnable) process.stderr.write(`AirwaveContainer tests skipped: ${here.docker ? `missing ${here.missing.join(', ')} (pnpm images)` : 'no Docker engine'}\n`);

describe.runIf(runnable)('AirwaveContainer', () => {
  let airwave: StartedAirwaveContainer;

  beforeAll(async () => {
    airwave = await new AirwaveContainer().withAdminPassword('s3cret-pass').start();
  }, limit(180_000));

  afterAll(async () => {
    await airwave?.stop();
  });

  it('answers with a logged-in typed client', async () => {
    const client = await airwave.getClient();
    expect(await client.account.uid({})).toEqual({ id: 1, username: 'admin' });
    const player = await client.scheduling.playerCreate({ name: 'Studio A', timezone: 'Europe/London' });
    expect((await client.scheduling.playerList({})).map((p) => p.name)).toEqual(['Studio A']);
    expect(player.id).toBeGreaterThan(0);
  });

  it('serves the API at getBaseUrl() and takes the admin password it was given', async () => {
    const login = await fetch(`${airwave.getBaseUrl()}/api/v2/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 's3cret-pass' }),
    });
    expect(login.status).toBe(200);
    const wrong = await fetch(`${airwave.getBaseUrl()}/api/v2/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('runs as deploy/k8s says: uid 1000 on a read-only root filesystem', async () => {
    const id = await airwave.exec(['id', '-u']);
    expect(id.output.trim()).toBe('1000');
    const write = await airwave.exec(['touch', '/app/written']);
    expect(write.exitCode).not.toBe(0);
    expect(write.output).toMatch(/Read-only file system/);
    const node = await airwave.exec(['node', '--version']);
    expect(node.output).toMatch(/^v24\./);
  });
});

describe.runIf(here.docker)('AirwaveContainer without its image', () => {
  it('says which command builds it', async () => {
    const error = await new AirwaveContainer('airwave/server:no-such-tag').start().catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/airwave\/server:no-such-tag.*pnpm images --only server --tag no-such-tag/s);
  });
});
