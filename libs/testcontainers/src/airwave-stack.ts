// AirwaveStack: Airwave's production layout (PostgreSQL, NATS with JetStream, Redis, the migration
// job, the account, media, scheduling and modules services and the gateway) on a Docker network of
// its own, each process in its own hardened container, as deploy/compose and deploy/k8s run it.
//
//   const stack = await new AirwaveStack().withPrefixes({ bus: 'station-a' }).start();
//   const client = await stack.getClient();          // typed, logged in as admin, via the gateway
//   await stack.stop();
//
// withPlayout() adds the playout service (Liquidsoap) and an Icecast: players whose playout is
// airwave go on air to http://icecast:8000/<mount> (getIcecast()).
//
// start() resolves once every service answers through the gateway; if anything fails it stops
// what it started and throws an error naming the part, with its last log lines.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { natsAuthorization, newNatsPassword } from '@airwave/bus';
import type { TypedClient } from '@airwave/client';
import { BUS_USERS, natsUserOf, type BusUser } from '@airwave/contracts';
import { Network, type GenericContainer, type StartedNetwork, type StartedTestContainer } from 'testcontainers';
import { checkedAdminPassword, loggedInClient } from './admin-client';
import { disableReaperWhereUnavailable } from './environment';
import { AIRWAVE_IMAGE_NAMES, airwaveImage, DEFAULT_TAG, type AirwaveImageName, ensureImage, infrastructureImages, type InfrastructureImages, ON_AIR_IMAGE_NAMES } from './images';
import { LogTail, startFailure } from './log-tail';
import { MediaVolume } from './media-volume';
import { gatewayContainer, GATEWAY_PORT, icecastContainer, ICECAST_PORT, migrateContainer, natsContainer, NATS_PORT, playoutContainer, postgresContainer, redisContainer, serviceContainer, SERVICES } from './stack-parts';
import { throughGateway } from './through-gateway';

export interface StackPrefixes {
  /** BUS_PREFIX: every NATS subject and the event stream (default `airwave`). */
  bus?: string;
  /** REDIS_PREFIX: every Redis key (default `airwave:`). */
  redis?: string;
}

export class AirwaveStack {
  private tag = DEFAULT_TAG;
  private adminPassword = randomBytes(12).toString('base64url');
  private prefixes: Required<StackPrefixes> = { bus: 'airwave', redis: 'airwave:' };
  private environment: Record<string, string> = {};
  private infrastructure: Partial<InfrastructureImages> = {};
  private startupTimeoutMs = 120_000;
  private labels: Record<string, string> = {};
  private onAir = false;

  /** Tag of the airwave/<name> images (default `dev`, as `pnpm images` tags them). */
  withImageTag(tag: string): this {
    this.tag = tag;
    return this;
  }

  withAdminPassword(password: string): this {
    this.adminPassword = checkedAdminPassword(password);
    return this;
  }

  /** The station's BUS_PREFIX and REDIS_PREFIX (what keeps stations apart on shared NATS and Redis). */
  withPrefixes(prefixes: StackPrefixes): this {
    this.prefixes = { ...this.prefixes, ...prefixes };
    return this;
  }

  /** Variables given to every Airwave process (SESSION_TTL_SECONDS, MAX_UPLOAD_BYTES, LOG_LEVEL, ...). */
  withEnvironment(environment: Record<string, string>): this {
    this.environment = { ...this.environment, ...environment };
    return this;
  }

  /** Other postgres, nats or redis images (defaults: see infrastructureImages()). */
  withInfrastructureImages(images: Partial<InfrastructureImages>): this {
    this.infrastructure = { ...this.infrastructure, ...images };
    return this;
  }

  /** Docker labels for every container of the stack (to find or clean them up). */
  withLabels(labels: Record<string, string>): this {
    this.labels = { ...this.labels, ...labels };
    return this;
  }

  /**
   * Adds the playout service (airwave/playout: the service with Liquidsoap) and an Icecast
   * (airwave/icecast, Debian's icecast2), both from `pnpm images`: a player saved with `playout:
   * airwave`, `stream_url: stack.getIcecast().streamUrl('/fm.mp3')` and the source password
   * `stack.getIcecast().sourcePassword` goes on air.
   */
  withPlayout(): this {
    this.onAir = true;
    return this;
  }

  /** How long each part may take to become ready (default 120 s). */
  withStartupTimeout(ms: number): this {
    this.startupTimeoutMs = ms;
    return this;
  }

  async start(): Promise<StartedAirwaveStack> {
    await disableReaperWhereUnavailable();
    const images = await this.images();
    // Every image first: a missing one fails the start before anything runs.
    await Promise.all(Object.values(images).map((image) => ensureImage(image)));
    const volume = await MediaVolume.create(this.labels);
    const network = await new Network().start().catch(async (error: unknown) => {
      await volume.remove().catch(() => undefined);
      throw error;
    });
    const started = new Map<string, StartedTestContainer>();
    const icecast = this.onAir ? { sourcePassword: randomBytes(12).toString('hex'), adminPassword: randomBytes(12).toString('hex') } : null;
    // A NATS user per process kind and the integrator, each with a password of its own (docs/decisions/bus-security.md).
    const nats = { prefix: this.prefixes.bus, passwords: Object.fromEntries(BUS_USERS.map((user) => [user, newNatsPassword()])) as Record<BusUser, string> };
    const parts = { network, volume, containers: started, icecast, nats };
    try {
      await this.startLayout(parts, images);
      const stack = new StartedAirwaveStack(parts, this.adminPassword);
      await throughGateway(stack.getBaseUrl(), this.adminPassword, this.startupTimeoutMs);
      return stack;
    } catch (error) {
      await stopAll(parts);
      throw error;
    }
  }

  private async images() {
    return {
      ...(await infrastructureImages()),
      ...this.infrastructure,
      ...Object.fromEntries([...AIRWAVE_IMAGE_NAMES, ...(this.onAir ? ON_AIR_IMAGE_NAMES : [])].map((name) => [name, airwaveImage(name, this.tag)])),
    } as InfrastructureImages & Record<AirwaveImageName, string>;
  }

  private async startLayout({ network, volume, containers, icecast, nats }: StackParts, images: Awaited<ReturnType<AirwaveStack['images']>>) {
    const start = (name: string, image: string, container: GenericContainer) => startPart(name, image, container.withNetwork(network).withLabels(this.labels).withStartupTimeout(this.startupTimeoutMs), containers);
    const dbPassword = randomBytes(12).toString('hex');
    await settleAll([
      start('postgres', images.postgres, postgresContainer(images.postgres, dbPassword)),
      start('nats', images.nats, natsContainer(images.nats, natsAuthorization(this.prefixes.bus, (user) => nats.passwords[user]))),
      start('redis', images.redis, redisContainer(images.redis)),
    ]);
    // The gateway's key pair (docs/decisions/bus-security.md): the public half to every process, the private half to the gateway only.
    const gatewayKeys = gatewayKeyPair();
    const env = { ...this.processEnvironment(`postgres://airwave:${dbPassword}@postgres:5432/airwave`), AIRWAVE_GATEWAY_PUBLIC_KEY: gatewayKeys.publicKey };
    await start('migrate', images.server, migrateContainer(images.server, env));
    // As the Kubernetes Secret's keys go: the admin password to the account service only, the
    // encryption key to the account service (two-factor secrets), the modules service (webhook
    // secrets) and the scheduling service (players' Icecast source passwords).
    const encryptionKey = randomBytes(32).toString('base64');
    const accountEnv = { ...env, AIRWAVE_ADMIN_PASSWORD: this.adminPassword, AIRWAVE_ENCRYPTION_KEY: encryptionKey };
    const modulesEnv = { ...env, AIRWAVE_ENCRYPTION_KEY: encryptionKey };
    // Source passwords on the bus, sealed for the playout: the scheduling service's and the playout's key only.
    const playoutKey = randomBytes(32).toString('base64');
    const ownEnv = (name: (typeof SERVICES)[number]) => (name === 'account' ? accountEnv : name === 'scheduling' ? { ...modulesEnv, AIRWAVE_PLAYOUT_KEY: playoutKey } : name === 'modules' ? modulesEnv : env);
    // Each process connects to NATS as its own kind's user.
    const envOf = (name: (typeof SERVICES)[number]) => ({ ...ownEnv(name), NATS_PASSWORD: nats.passwords[name] });
    await settleAll([
      ...SERVICES.map((name) => start(name, images[name], serviceContainer(name, images[name], envOf(name), volume.name))),
      // The playout opens players' source passwords with the key it shares with the scheduling service.
      ...(icecast ? [start('playout', images.playout, playoutContainer(images.playout, { ...env, AIRWAVE_PLAYOUT_KEY: playoutKey, NATS_PASSWORD: nats.passwords.playout }, volume.name)), start('icecast', images.icecast, icecastContainer(images.icecast, icecast.sourcePassword, icecast.adminPassword))] : []),
    ]);
    // The gateway reaches the database only through the services.
    const gatewayEnv = { ...Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'DATABASE_URL')), AIRWAVE_GATEWAY_KEY: gatewayKeys.privateKey, NATS_PASSWORD: nats.passwords.gateway };
    await start('gateway', images.gateway, gatewayContainer(images.gateway, gatewayEnv, volume.name));
  }

  /** What every Airwave process reads (deploy/k8s/base/config/common.env), then the caller's own. */
  private processEnvironment(databaseUrl: string): Record<string, string> {
    return {
      BUS_PREFIX: this.prefixes.bus,
      REDIS_PREFIX: this.prefixes.redis,
      LOG_LEVEL: 'warn',
      REQUEST_TIMEOUT_MS: '5000',
      SHUTDOWN_TIMEOUT_MS: '5000',
      DATA_DIR: '/tmp/data',
      NATS_URL: 'nats://nats:4222',
      REDIS_URL: 'redis://redis:6379/0',
      DATABASE_URL: databaseUrl,
      ...this.environment,
    };
  }
}

/** An Ed25519 pair as the gateway and the services read it: each half's raw 32 bytes, base64. */
function gatewayKeyPair(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ed25519');
  const raw = (der: Buffer) => der.subarray(-32).toString('base64');
  return { privateKey: raw(pair.privateKey.export({ format: 'der', type: 'pkcs8' })), publicKey: raw(pair.publicKey.export({ format: 'der', type: 'spki' })) };
}

/** Starts one part, keeping it in `started` (for the cleanup) and naming it if it fails. */
async function startPart(name: string, image: string, container: GenericContainer, started: Map<string, StartedTestContainer>): Promise<void> {
  const tail = new LogTail();
  try {
    started.set(name, await container.withLogConsumer(tail.consume).start());
  } catch (error) {
    throw startFailure(name, image, error, tail);
  }
}

/** Waits for every start, so that all that did start are known, then throws the first failure. */
async function settleAll(starts: Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** What a stack is made of, and what stopping it removes. */
interface StackParts {
  network: StartedNetwork;
  volume: MediaVolume;
  containers: Map<string, StartedTestContainer>;
  /** The Icecast's passwords, with withPlayout(). */
  icecast: { sourcePassword: string; adminPassword: string } | null;
  /** The bus prefix and each NATS user's password. */
  nats: { prefix: string; passwords: Record<BusUser, string> };
}

/** The gateway first, the infrastructure last; a part that will not stop does not keep the others. */
async function stopAll({ network, volume, containers }: StackParts): Promise<void> {
  const order = ['gateway', 'playout', ...SERVICES, 'icecast', 'migrate', 'postgres', 'nats', 'redis'];
  for (const name of order) await containers.get(name)?.stop().catch(() => undefined);
  containers.clear();
  await network.stop().catch(() => undefined);
  await volume.remove().catch(() => undefined);
}

export class StartedAirwaveStack implements AsyncDisposable {
  private readonly network: StartedNetwork;
  private readonly containers: Map<string, StartedTestContainer>;

  constructor(
    private readonly parts: StackParts,
    private readonly adminPassword: string,
  ) {
    this.network = parts.network;
    this.containers = parts.containers;
  }

  /** The gateway: http://host:port, where /api/v2, /healthz, /readyz and /metrics answer. */
  getBaseUrl(): string {
    const gateway = this.getContainer('gateway');
    return `http://${gateway.getHost()}:${gateway.getMappedPort(GATEWAY_PORT)}`;
  }

  getAdminPassword(): string {
    return this.adminPassword;
  }

  /** A typed client (@airwave/client) logged in as `admin` through the gateway: a new session each call. */
  getClient(): Promise<TypedClient> {
    return loggedInClient(this.getBaseUrl(), 'admin', this.adminPassword);
  }

  /**
   * The Icecast of a stack started withPlayout(): `streamUrl(mount)`, the URL players stream to (a
   * player's `stream_url`, on the stack's network); `url(mount)`, the same mount from this host
   * (for listeners); the source and admin passwords.
   */
  getIcecast(): { streamUrl(mount: string): string; url(mount: string): string; sourcePassword: string; adminPassword: string } {
    if (!this.parts.icecast) throw new Error('AirwaveStack has no Icecast: start it withPlayout()');
    const container = this.getContainer('icecast');
    const path = (mount: string) => (mount.startsWith('/') ? mount : `/${mount}`);
    return {
      streamUrl: (mount) => `http://icecast:${ICECAST_PORT}${path(mount)}`,
      url: (mount) => `http://${container.getHost()}:${container.getMappedPort(ICECAST_PORT)}${path(mount)}`,
      ...this.parts.icecast,
    };
  }

  /**
   * NATS from this host as one of the stack's users (docs/decisions/bus-security.md): `url`, and
   * the `user` and `password` connectNatsBus takes; `integrator` reads the events, nothing more.
   */
  getNats(user: BusUser): { url: string; prefix: string; user: string; password: string } {
    const container = this.getContainer('nats');
    const { prefix, passwords } = this.parts.nats;
    return { url: `nats://${container.getHost()}:${container.getMappedPort(NATS_PORT)}`, prefix, user: natsUserOf(prefix, user), password: passwords[user] };
  }

  /** One part: gateway, account, media, scheduling, modules, postgres, nats or redis; playout and icecast withPlayout(). */
  getContainer(name: string): StartedTestContainer {
    const container = this.containers.get(name);
    if (!container) throw new Error(`AirwaveStack has no part named ${name} (it has ${[...this.containers.keys()].join(', ')})`);
    return container;
  }

  getNetworkName(): string {
    return this.network.getName();
  }

  async stop(): Promise<void> {
    await stopAll(this.parts);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }
}
