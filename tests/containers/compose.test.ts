// deploy/compose/compose.yaml as a station runs it (`docker compose up`), from the images `pnpm
// images` built: it migrates, starts every process, serves login and uid through the gateway, and
// keeps an upload where a download finds it. Runs where a Docker engine with `docker compose` has
// the images (AIRWAVE_STACK_TESTS=1 makes their absence an error, as for the stack mode).
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@airwave/client';
import { disableReaperWhereUnavailable, infrastructureImages } from '@airwave/testcontainers';
import { newGatewayKeyPair } from '@airwave/service-kit';
import { DockerComposeEnvironment, Wait, type StartedDockerComposeEnvironment } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModes } from '../src/black-box';
import { wav } from '../src/files';
import { limit } from '../../vitest.shared';

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
        // Any free host port: several stations (and test runs) on one host.
        AIRWAVE_PORT: '0',
        AIRWAVE_POSTGRES_IMAGE: images.postgres,
        AIRWAVE_NATS_IMAGE: images.nats,
        AIRWAVE_REDIS_IMAGE: images.redis,
      })
      .withWaitStrategy('gateway-1', Wait.forHttp('/readyz', 8080).forStatusCode(200))
      .withStartupTimeout(180_000)
      .up();
    const gateway = compose.getContainer('gateway-1');
    baseUrl = `http://${gateway.getHost()}:${gateway.getMappedPort(8080)}`;
  }, limit(300_000));

  afterAll(async () => {
    await compose?.down({ removeVolumes: true, timeout: 10_000 });
  }, limit(120_000));

  it('serves login and uid through the gateway', async () => {
    const client = createClient({ baseUrl });
    await client.login('admin', adminPassword);
    expect(await client.account.uid({})).toEqual({ id: 1, username: 'admin' });
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
});
