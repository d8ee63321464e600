// The images the module starts, and the one check before each start: is the image on this Docker
// host, or can it be pulled? If neither, the error says how to get it, instead of Docker's
// "pull access denied" from a registry that never had it.
import { getContainerRuntimeClient, ImageName } from 'testcontainers';

/** The tag `pnpm images` gives Airwave's images unless told otherwise. */
export const DEFAULT_TAG = 'dev';

export const AIRWAVE_IMAGE_NAMES = ['server', 'gateway', 'account', 'media', 'scheduling', 'modules'] as const;
/** What a stack on air adds (AirwaveStack.withPlayout()): the playout service and Debian's Icecast. */
export const ON_AIR_IMAGE_NAMES = ['playout', 'icecast'] as const;
export type AirwaveImageName = (typeof AIRWAVE_IMAGE_NAMES)[number] | (typeof ON_AIR_IMAGE_NAMES)[number];

export function airwaveImage(name: AirwaveImageName, tag = DEFAULT_TAG): string {
  return `airwave/${name}:${tag}`;
}

/** The production layout's infrastructure: the official images, or what the environment names. */
export interface InfrastructureImages {
  postgres: string;
  nats: string;
  redis: string;
}

const infrastructure = [
  { part: 'postgres', official: 'postgres:15', standIn: 'airwave-stand-in/postgres:15', variable: 'AIRWAVE_POSTGRES_IMAGE' },
  { part: 'nats', official: 'nats:2.9', standIn: 'airwave-stand-in/nats:2.9', variable: 'AIRWAVE_NATS_IMAGE' },
  { part: 'redis', official: 'redis:7.0', standIn: 'airwave-stand-in/redis:7.0', variable: 'AIRWAVE_REDIS_IMAGE' },
] as const;

/**
 * For each of postgres, nats and redis: the image AIRWAVE_POSTGRES_IMAGE (..._NATS_, ..._REDIS_)
 * names; else the official image if it is here, else the stand-in `pnpm images` builds where no
 * registry answers if that is here, else the official image (to be pulled).
 */
export async function infrastructureImages(env: NodeJS.ProcessEnv = process.env): Promise<InfrastructureImages> {
  const client = await getContainerRuntimeClient();
  const here = (image: string) => client.image.exists(ImageName.fromString(image));
  const chosen = await Promise.all(
    infrastructure.map(async ({ official, standIn, variable }) => {
      const named = env[variable];
      if (named) return named;
      if (await here(official)) return official;
      return (await here(standIn)) ? standIn : official;
    }),
  );
  return { postgres: chosen[0]!, nats: chosen[1]!, redis: chosen[2]! };
}

/** How to get an image that is neither here nor pullable. */
function remedyFor(image: string): string {
  const airwave = /^airwave\/([a-z]+):(.+)$/.exec(image);
  if (airwave) {
    const tag = airwave[2] === DEFAULT_TAG ? '' : ` --tag ${airwave[2]}`;
    return `build it from the Airwave repository with \`pnpm images --only ${airwave[1]}${tag}\` (or \`pnpm images\` for every image)`;
  }
  const part = infrastructure.find((entry) => image === entry.official);
  return part
    ? `where no image registry answers, \`pnpm images\` builds the stand-in ${part.standIn}, which is then used (or name another image in ${part.variable})`
    : 'load it with `docker load` or make a registry reachable';
}

/** Resolves when `image` is on the Docker host (pulling it if a registry has it); else throws what to do. */
export async function ensureImage(image: string): Promise<void> {
  const client = await getContainerRuntimeClient();
  const name = ImageName.fromString(image);
  if (await client.image.exists(name)) return;
  try {
    await client.image.pull(name);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`Image ${image} is not on this Docker host and could not be pulled (${reason}): ${remedyFor(image)}.`);
  }
}
