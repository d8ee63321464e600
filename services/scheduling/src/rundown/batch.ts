// The rundown's resolutions in batches: the playlists a rundown asks for in the same turn of the
// event loop (its shows and the first block of each gap, asked at once) go to the media service
// as one media.internal.resolve-playlists call, at most MAX_BATCH a call.
import type { PlaylistResolution, PlaylistResolutionInput } from '@airwave/contracts';
import type { Sources } from './resolve';

export const MAX_BATCH = 50;

type ResolveMany = (inputs: PlaylistResolutionInput[]) => Promise<PlaylistResolution[]>;
interface Waiting {
  input: PlaylistResolutionInput;
  done: (answer: PlaylistResolution) => void;
  fail: (error: unknown) => void;
}

/** `resolvePlaylist` that gathers the questions asked together and asks them with `resolveMany`. */
export function batchedResolutions(resolveMany: ResolveMany): Sources['resolvePlaylist'] {
  let queue: Waiting[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    for (let i = 0; i < batch.length; i += MAX_BATCH) {
      const part = batch.slice(i, i + MAX_BATCH);
      resolveMany(part.map((w) => w.input)).then(
        (answers) => part.forEach((w, k) => (answers[k] ? w.done(answers[k]) : w.fail(new Error('resolve-playlists answered too few resolutions')))),
        (error: unknown) => part.forEach((w) => w.fail(error)),
      );
    }
  };
  return (input) =>
    new Promise((done, fail) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ input, done, fail });
    });
}

/** The sources with their playlist resolutions batched. */
export const withBatchedResolutions = (sources: Sources, resolveMany: ResolveMany): Sources => ({ ...sources, resolvePlaylist: batchedResolutions(resolveMany) });
