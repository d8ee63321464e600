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

export const NATS_PORT = 4222;

/** NATS with JetStream and the stack's users and their permissions (`authorization`: natsAuthorization's text). */
export function natsContainer(image: string, authorization: string): GenericContainer {
  return new GenericContainer(image)
    .withNetworkAliases('nats')
    .withCopyContentToContainer([{ content: authorization, target: '/etc/nats/airwave.conf', mode: 0o644 }])
    .withCommand(['--config', '/etc/nats/airwave.conf', '--jetstream', '--store_dir', '/tmp/nats'])
    .withExposedPorts(NATS_PORT)
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
  // The volume's DATA_DIR after the common environment's (/tmp/data), or uploads stay in the gateway's /tmp.
  return withMediaVolume(harden(new GenericContainer(image)).withEnvironment({ ...env, HOST: '0.0.0.0', PORT: String(GATEWAY_PORT) }), mediaVolume)
    .withNetworkAliases('gateway')
    .withExposedPorts(GATEWAY_PORT)
    .withWaitStrategy(Wait.forHttp('/readyz', GATEWAY_PORT, { abortOnContainerExit: true }).forStatusCode(200));
}

export const ICECAST_PORT = 8000;

/**
 * The playout service (airwave/playout: the service and Liquidsoap), as deploy/compose runs it: the
 * media volume read only at /media, where the media service's DATA_DIR/media is /media/media; the
 * local cache of the next hours' files and the as-run spool in its /tmp (given room).
 */
export function playoutContainer(image: string, env: Record<string, string>, mediaVolume: string): GenericContainer {
  return harden(new GenericContainer(image))
    .withTmpFs({ '/tmp': 'rw,size=1g,uid=1000,gid=1000,mode=0700' })
    .withBindMounts([{ source: mediaVolume, target: '/media', mode: 'ro' }])
    .withNetworkAliases('playout')
    .withEnvironment({ ...env, METRICS_PORT: String(METRICS_PORT), PLAYOUT_MEDIA_DIR: '/media/media' })
    .withExposedPorts(METRICS_PORT)
    .withWaitStrategy(Wait.forHttp('/readyz', METRICS_PORT, { abortOnContainerExit: true }).forStatusCode(200));
}

/** Debian's Icecast (airwave/icecast, deploy/images/icecast) on the alias `icecast`: players stream to http://icecast:8000/<mount>. */
export function icecastContainer(image: string, sourcePassword: string, adminPassword: string): GenericContainer {
  return harden(new GenericContainer(image))
    .withNetworkAliases('icecast')
    .withEnvironment({ ICECAST_SOURCE_PASSWORD: sourcePassword, ICECAST_ADMIN_PASSWORD: adminPassword, ICECAST_HOSTNAME: 'icecast' })
    .withExposedPorts(ICECAST_PORT)
    .withWaitStrategy(Wait.forHttp('/status-json.xsl', ICECAST_PORT, { abortOnContainerExit: true }).forStatusCode(200));
}
