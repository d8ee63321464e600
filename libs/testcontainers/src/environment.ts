// What a suite asks before it uses the module: does a Docker engine answer here, with Airwave's
// images? And, on machines where no image registry answers, Testcontainers' reaper (Ryuk, an image
// pulled from Docker Hub) cannot start: there it is turned off and stop() removes what was started.
import { getContainerRuntimeClient, ImageName } from 'testcontainers';
import { AIRWAVE_IMAGE_NAMES, airwaveImage, DEFAULT_TAG, infrastructureImages, ON_AIR_IMAGE_NAMES } from './images';

/** The reaper image of the Testcontainers version in the lockfile (RYUK_CONTAINER_IMAGE overrides it). */
const REAPER_IMAGE_DEFAULT = 'testcontainers/ryuk:0.14.0';

export interface DockerHere {
  /** A Docker engine answers. */
  docker: boolean;
  /** The images asked for that are not on it. */
  missing: string[];
}

export async function dockerHere(images: string[] = []): Promise<DockerHere> {
  let client;
  try {
    client = await getContainerRuntimeClient();
  } catch {
    return { docker: false, missing: images };
  }
  const present = await Promise.all(images.map((image) => client.image.exists(ImageName.fromString(image))));
  return { docker: true, missing: images.filter((_, i) => !present[i]) };
}

/**
 * Whether AirwaveStack can start here: a Docker engine with all six Airwave images and the
 * infrastructure's; with `onAir`, also the playout's and Icecast's (AirwaveStack.withPlayout()).
 */
export async function stackImagesHere(tag = DEFAULT_TAG, options: { onAir?: boolean } = {}): Promise<DockerHere> {
  const docker = await dockerHere();
  if (!docker.docker) return docker;
  const names = [...AIRWAVE_IMAGE_NAMES, ...(options.onAir ? ON_AIR_IMAGE_NAMES : [])];
  return dockerHere([...names.map((name) => airwaveImage(name, tag)), ...Object.values(await infrastructureImages())]);
}

/**
 * Turns Testcontainers' reaper off (TESTCONTAINERS_RYUK_DISABLED) when its image is neither here nor
 * pullable: without it the containers are stopped by whoever started them (AirwaveContainer's and
 * AirwaveStack's stop(), `await using`, and AirwaveStack itself on a failed start), where a reaper
 * would also have removed them after a crash. AirwaveContainer and AirwaveStack call it before they
 * start. Returns whether the reaper is off.
 */
export async function disableReaperWhereUnavailable(): Promise<boolean> {
  if (process.env.TESTCONTAINERS_RYUK_DISABLED === 'true') return true;
  const image = process.env.RYUK_CONTAINER_IMAGE || REAPER_IMAGE_DEFAULT;
  let client;
  try {
    client = await getContainerRuntimeClient();
  } catch {
    return false; // no Docker: the start itself will say so
  }
  const name = ImageName.fromString(image);
  if (await client.image.exists(name)) return false;
  try {
    await client.image.pull(name);
    return false;
  } catch {
    process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
    process.stderr.write(`@airwave/testcontainers: ${image} cannot be pulled, so Testcontainers' reaper is off; containers are removed by stop()\n`);
    return true;
  }
}
