// AirwaveContainer: the embedded default (every service and the gateway in one process, PGlite
// under /data) in one container, the quickest whole Airwave for a test:
//
//   const airwave = await new AirwaveContainer().withAdminPassword('s3cret-pass').start();
//   const client = await airwave.getClient();        // typed, logged in as admin
//   await client.account.uid({});
//   await airwave.stop();
import { randomBytes } from 'node:crypto';
import type { TypedClient } from '@airwave/client';
import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { checkedAdminPassword, loggedInClient } from './admin-client';
import { disableReaperWhereUnavailable } from './environment';
import { harden } from './hardening';
import { airwaveImage, ensureImage } from './images';
import { LogTail, startFailure } from './log-tail';

export const AIRWAVE_PORT = 8080;

export class AirwaveContainer extends GenericContainer {
  private adminPassword = randomBytes(12).toString('base64url');
  private readonly tail = new LogTail();

  /** `image` defaults to airwave/server:dev, as `pnpm images` tags it. */
  constructor(image = airwaveImage('server')) {
    super(image);
    harden(this)
      .withExposedPorts(AIRWAVE_PORT)
      .withEnvironment({ LOG_LEVEL: 'warn' })
      .withWaitStrategy(Wait.forHttp('/readyz', AIRWAVE_PORT, { abortOnContainerExit: true }).forStatusCode(200))
      .withStartupTimeout(120_000)
      .withLogConsumer(this.tail.consume);
  }

  /** The password of `admin`, created on the first start (random unless given). */
  withAdminPassword(password: string): this {
    this.adminPassword = checkedAdminPassword(password);
    return this;
  }

  override async start(): Promise<StartedAirwaveContainer> {
    const image = this.imageName.string;
    await disableReaperWhereUnavailable();
    await ensureImage(image);
    this.withEnvironment({ AIRWAVE_ADMIN_PASSWORD: this.adminPassword });
    try {
      return new StartedAirwaveContainer(await super.start(), this.adminPassword);
    } catch (error) {
      throw startFailure('Airwave', image, error, this.tail);
    }
  }
}

export class StartedAirwaveContainer extends AbstractStartedContainer {
  constructor(
    started: StartedTestContainer,
    private readonly adminPassword: string,
  ) {
    super(started);
  }

  /** http://host:port, where /api/v2, /healthz, /readyz and /metrics answer. */
  getBaseUrl(): string {
    return `http://${this.getHost()}:${this.getMappedPort(AIRWAVE_PORT)}`;
  }

  getAdminPassword(): string {
    return this.adminPassword;
  }

  /** A typed client (@airwave/client) logged in as `admin`: a new session each call. */
  getClient(): Promise<TypedClient> {
    return loggedInClient(this.getBaseUrl(), 'admin', this.adminPassword);
  }
}
