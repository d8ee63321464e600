// The Docker volume that holds a stack's media files, shared by the media service and the gateway
// as the airwave-media claim is in Kubernetes. Testcontainers has no volume API, so this uses the
// Docker client it already holds; the volume is removed with the stack.
import { randomBytes } from 'node:crypto';
import { getContainerRuntimeClient } from 'testcontainers';

export class MediaVolume {
  private constructor(readonly name: string) {}

  static async create(labels: Record<string, string>): Promise<MediaVolume> {
    const client = await getContainerRuntimeClient();
    const name = `airwave-media-${randomBytes(6).toString('hex')}`;
    await client.container.dockerode.createVolume({ Name: name, Labels: { 'org.airwave.part': 'media', ...labels } });
    return new MediaVolume(name);
  }

  async remove(): Promise<void> {
    const client = await getContainerRuntimeClient();
    await client.container.dockerode.getVolume(this.name).remove();
  }
}
