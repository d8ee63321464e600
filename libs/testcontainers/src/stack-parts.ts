// The containers of AirwaveStack's production layout, each as deploy/compose/compose.yaml runs it:
// PostgreSQL, NATS with JetStream and Redis on their network aliases, the migration job, the four
// services and the gateway (hardened as in deploy/k8s).
import { GenericContainer, Wait } from 'testcontainers';
import { harden } from './hardening';

export const GATEWAY_PORT = 8080;
export const METRICS_PORT = 9464;
export const SERVICES = ['account', 'media', 'scheduling', 'modules'] as const;
export type ServiceName = (typeof SERVICES)[number];

export function postgresContainer(image: string, password: string): GenericContainer {
  return new GenericContainer(image)
    .withNetworkAliases('postgres')
    .withEnvironment({ POSTGRES_USER: 'airwave', POSTGRES_PASSWORD: password, POSTGRES_DB: 'airwave', PGDATA: '/pgdata/data' })
    // A test database: in memory, without fsync. PGDATA is a directory the server makes itself in
    // a tmpfs of its own (not the image's VOLUME), whichever uid the image runs it as.
    .withTmpFs({ '/pgdata': 'rw,mode=1777' })
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'full_page_writes=off'])
    .withHealthCheck({
      // Over TCP: the official image's first-start server listens on its socket only.
      test: ['CMD', 'pg_isready', '-U', 'airwave', '-d', 'airwave', '-h', '127.0.0.1'],
      interval: 500,
      timeout: 3000,
      retries: 120,
    })
    .withWaitStrategy(Wait.forHealthCheck());
}

export function natsContainer(image: string): GenericContainer {
  return new GenericContainer(image)
    .withNetworkAliases('nats')
    .withCommand(['--jetstream', '--store_dir', '/tmp/nats'])
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/));
}

export function redisContainer(image: string): GenericContainer {
  return new GenericContainer(image)
    .withNetworkAliases('redis')
    .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/));
}

export function migrateContainer(image: string, env: Record<string, string>): GenericContainer {
  return harden(new GenericContainer(image))
    .withCommand(['node', '--import', 'tsx', 'src/migrate.ts'])
    .withEnvironment(env)
    .withWaitStrategy(Wait.forOneShotStartup());
}

/** The media files at DATA_DIR=/data, on a Docker volume the media service and the gateway share. */
function withMediaVolume(container: GenericContainer, volume: string): GenericContainer {
  return container.withBindMounts([{ source: volume, target: '/data', mode: 'rw' }]).withEnvironment({ DATA_DIR: '/data' });
}

/** A service with its /readyz on METRICS_PORT. */
export function serviceContainer(name: ServiceName, image: string, env: Record<string, string>, mediaVolume: string): GenericContainer {
  const container = harden(new GenericContainer(image))
    .withNetworkAliases(name)
    .withEnvironment({ ...env, METRICS_PORT: String(METRICS_PORT) })
    .withExposedPorts(METRICS_PORT)
    .withWaitStrategy(Wait.forHttp('/readyz', METRICS_PORT, { abortOnContainerExit: true }).forStatusCode(200));
  return name === 'media' ? withMediaVolume(container, mediaVolume) : container;
}

export function gatewayContainer(image: string, env: Record<string, string>, mediaVolume: string): GenericContainer {
  return withMediaVolume(harden(new GenericContainer(image)), mediaVolume)
    .withNetworkAliases('gateway')
    .withEnvironment({ ...env, HOST: '0.0.0.0', PORT: String(GATEWAY_PORT) })
    .withExposedPorts(GATEWAY_PORT)
    .withWaitStrategy(Wait.forHttp('/readyz', GATEWAY_PORT, { abortOnContainerExit: true }).forStatusCode(200));
}
