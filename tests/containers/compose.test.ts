// deploy/compose/compose.yaml as a station runs it (`docker compose up`), from the images `pnpm
// images` built: it migrates, starts every process (each on NATS as its own kind's user, NATS
// refusing a container without a password), serves login and uid through the gateway, and keeps an
// upload where a download finds it. Runs where a Docker engine with `docker compose` has the images
// (AIRWAVE_STACK_TESTS=1 makes their absence an error, as for the stack mode).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { newNatsPassword } from '@airwave/bus';
import { createClient } from '@airwave/client';
import { disableReaperWhereUnavailable, infrastructureImages } from '@airwave/testcontainers';
import { newGatewayKeyPair } from '@airwave/service-kit';
import { DockerComposeEnvironment, Wait, type StartedDockerComposeEnvironment } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModes } from '../src/black-box';
import { wav } from '../src/files';
import { limit } from '../../vitest.shared';

const docker = (...args: string[]) => promisify(execFile)('docker', args);
const composeDir = fileURLToPath(new URL('../../deploy/compose', import.meta.url));

describe.runIf(apiModes.includes('stack'))('deploy/compose/compose.yaml', () => {
  const project = `airwave-test-${randomBytes(3).toString('hex')}`;
  const adminPassword = randomBytes(12).toString('base64url');
  let compose: StartedDockerComposeEnvironment;
  let baseUrl: string;

  const gatewayKeys = newGatewayKeyPair();

  beforeAll(async () => {
    await disableReaperWhereUnavailable();
    const images = await infrastructureImages();
    compose = await new DockerComposeEnvironment(composeDir, 'compose.yaml')
      .withProjectName(project)
      .withEnvironment({
        POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
        AIRWAVE_ADMIN_PASSWORD: adminPassword,
        AIRWAVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        AIRWAVE_GATEWAY_KEY: gatewayKeys.privateKey,
        AIRWAVE_GATEWAY_PUBLIC_KEY: gatewayKeys.publicKey,
        AIRWAVE_PLAYOUT_KEY: randomBytes(32).toString('base64'),
        // A NATS password per user of nats.conf (docs/decisions/bus-security.md).
        ...Object.fromEntries(['GATEWAY', 'ACCOUNT', 'MEDIA', 'SCHEDULING', 'MODULES', 'PLAYOUT', 'INTEGRATOR'].map((user) => [`AIRWAVE_NATS_${user}_PASSWORD`, newNatsPassword()])),
        // Any free host port: several stations (and test runs) on one host.
        AIRWAVE_PORT: '0',
        AIRWAVE_POSTGRES_IMAGE: images.postgres,
        AIRWAVE_NATS_IMAGE: images.nats,
        AIRWAVE_REDIS_IMAGE: images.redis,
      })
      // The edge publishes the station's port, and answers /readyz once the gateway behind it is ready.
      .withWaitStrategy('edge-1', Wait.forHttp('/readyz', 8080).forStatusCode(200))
      .withStartupTimeout(180_000)
      .up();
    const edge = compose.getContainer('edge-1');
    baseUrl = `http://${edge.getHost()}:${edge.getMappedPort(8080)}`;
  }, limit(300_000));

  /** What NATS answers a CONNECT line and a PING sent from inside a container (its own node, raw protocol). */
  async function natsFrom(container: string, connectLine: string): Promise<string> {
    const script = `const s=require('net').connect(4222,'nats');let o='';s.on('data',d=>o+=d);s.on('error',e=>{console.log(String(e));process.exit(0)});s.write(${JSON.stringify(`${connectLine}\r\nPING\r\n`)});setTimeout(()=>{console.log(o);process.exit(0)},1500)`;
    return (await compose.getContainer(container).exec(['node', '-e', script])).output;
  }

  afterAll(async () => {
    await compose?.down({ removeVolumes: true, timeout: 10_000 });
  }, limit(120_000));

  it('serves login and uid through the gateway', async () => {
    const client = createClient({ baseUrl });
    await client.login('admin', adminPassword);
    expect(await client.account.uid({})).toEqual({ id: 1, username: 'admin' });
  });

  it("refuses NATS to a container that has no password, and a user's password to another user", async () => {
    // Issue 42's probe: from inside a container on the services' network, with no secret.
    const withoutPassword = await natsFrom('playout-1', 'CONNECT {"verbose":false,"pedantic":false}');
    expect(withoutPassword).toMatch(/Authorization Violation/i);
    const media = compose.getContainer('media-1');
    const mediaPassword = (await media.exec(['printenv', 'NATS_PASSWORD'])).output.trim();
    expect(mediaPassword).toMatch(/^[a-z][0-9a-f]{48}$/);
    const asGateway = await natsFrom('media-1', `CONNECT ${JSON.stringify({ user: 'airwave-gateway', pass: mediaPassword, verbose: false, pedantic: false })}`);
    expect(asGateway).toMatch(/Authorization Violation/i);
    const asItself = await natsFrom('media-1', `CONNECT ${JSON.stringify({ user: 'airwave-media', pass: mediaPassword, verbose: false, pedantic: false })}`);
    expect(asItself).toMatch(/PONG/);
  });

  it('stores an upload on the media volume, where the download finds it', async () => {
    const client = createClient({ baseUrl });
    const { key } = await client.login('admin', adminPassword);
    const form = new FormData();
    form.append('file', new Blob([wav(1)], { type: 'audio/wav' }), 'tone.wav');
    const upload = await fetch(`${baseUrl}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    expect(upload.status).toBe(200);
    const onVolume = await compose.getContainer('media-1').exec(['find', '/data', '-type', 'f']);
    expect(onVolume.output.trim().split('\n')).toHaveLength(1);
  });

  it('restarts the gateway under a stream of reads and writes without a reset: the edge holds them until it is back', async () => {
    const client = createClient({ baseUrl });
    const { key } = await client.login('admin', adminPassword);
    const outcomes: string[] = [];
    const took: number[] = [];
    let running = true;
    let n = 0;
    const send = async (writing: boolean) => {
      while (running) {
        const started = Date.now();
        const request = writing
          ? fetch(`${baseUrl}/api/v2/players`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Restart FM ${(n += 1)}`, timezone: 'UTC' }) })
          : fetch(`${baseUrl}/api/v2/account/uid`, { headers: { authorization: `Bearer ${key}` } });
        outcomes.push(await request.then((answer) => String(answer.status), (error: Error) => `${error.message}: ${String((error.cause as Error | undefined)?.message)}`));
        took.push(Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const clients = [send(false), send(false), send(true)];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = outcomes.length;
    // SIGTERM (the gateway finishes what it has), then a new start: about a second away here.
    await docker('restart', '--time', '10', compose.getContainer('gateway-1').getId());
    await expect.poll(() => fetch(`${baseUrl}/readyz`).then((answer) => answer.status), { timeout: limit(60_000) }).toBe(200);
    const afterRestart = outcomes.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(clients);
    expect(afterRestart).toBeGreaterThan(before);
    // Some requests came while the gateway was away (0.8–0.9 s here) and waited for it.
    expect(Math.max(...took)).toBeGreaterThan(300);
    // Issue 42's chaos run: 17 connection resets in the 1.5 s after a restart, without the edge. Every
    // request is answered now. A request a closing gateway refused unprocessed (one, then two, in CI)
    // is sent again by the edge; one may still be 503: a connection the closing gateway's idle sweep
    // ended before the request's bytes came (docs/reliability.md).
    expect(outcomes.filter((outcome) => outcome !== '200' && outcome !== '503')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === '503').length).toBeLessThanOrEqual(1);
  }, limit(120_000));

  // Last: it stops the station's database. Issue 42's chaos run saw the first writes after
  // PostgreSQL's return take 2.8–4.8 s each; a write then takes what it takes on any other day.
  it("writes at normal speed as soon as PostgreSQL's container, killed, accepts connections again", async () => {
    const client = createClient({ baseUrl });
    await client.login('admin', adminPassword);
    await client.scheduling.playerCreate({ name: 'Before the kill FM', timezone: 'UTC' });
    const postgres = compose.getContainer('postgres-1').getId();
    await docker('kill', '--signal', 'KILL', postgres);
    const whileAway = await client.scheduling.playerCreate({ name: 'Away FM', timezone: 'UTC' }).then(() => 'made', (error: { status?: number }) => error.status);
    // 503 with Retry-After: it was 500 when the key's look-up met the database away (idempotency.ts).
    expect(whileAway).toBe(503);
    await docker('start', postgres);
    await expect
      .poll(() => docker('exec', postgres, 'pg_isready', '-U', 'airwave', '-d', 'airwave', '-h', '127.0.0.1').then(() => true, () => false), { timeout: limit(60_000), interval: 50 })
      .toBe(true);
    const took: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = Date.now();
      await client.scheduling.playerCreate({ name: `Back FM ${i}`, timezone: 'UTC' });
      took.push(Date.now() - started);
    }
    // 9–54 ms each on CI's kind of machine (docs/reliability.md).
    expect(Math.max(...took)).toBeLessThan(limit(1_000));
  }, limit(120_000));
});
