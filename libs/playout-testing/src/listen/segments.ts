// A mount recorded across its outages: each connection of the listener is a segment with its own
// timeline (Icecast drops its listeners when the source goes; the listener comes back as soon as
// the mount answers again), so the time the mount was away is where no segment is.
import { recordMount, type Recording } from './record';

export interface SegmentedRecorder {
  /** Stops listening; answers every segment that recorded audio, in order. */
  stop(): Promise<Recording[]>;
}

export function recordSegments(url: string, options: { rate?: number; retryMs?: number } = {}): SegmentedRecorder {
  const segments: Recording[] = [];
  let stopping = false;
  let current: ReturnType<typeof recordMount> | undefined;
  const loop = (async () => {
    while (!stopping) {
      current = recordMount(url, { ...options, reconnect: false });
      await current.exited;
      const segment = await current.stop().catch(() => undefined);
      if (segment) segments.push(segment);
      if (!stopping) await new Promise((r) => setTimeout(r, options.retryMs ?? 50));
    }
  })();
  return {
    async stop() {
      stopping = true;
      await current?.stop().catch(() => undefined);
      await loop;
      return segments;
    },
  };
}
