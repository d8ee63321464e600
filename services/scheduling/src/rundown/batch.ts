// The rundown's work in batches: the playlists a rundown asks for in the same turn of the event
// loop (its shows and the first block of each gap, asked at once) go to the media service as one
// media.internal.resolve-playlists call (at most MAX_BATCH a call: a show's playlist may be long,
// and a reply stays well under the bus's message limit), and the blocks resolved together are
// stored by one statement.
import type { PlaylistResolution, PlaylistResolutionInput } from '@airwave/contracts';
import type { Sources } from './resolve';

export const MAX_BATCH = 50;

interface Waiting<I, O> {
  input: I;
  done: (answer: O) => void;
  fail: (error: unknown) => void;
}

/** A function of one input that gathers the inputs given in the same turn and runs `many` on them, at most `size` at a time (answers in the same order). */
export function batched<I, O>(many: (inputs: I[]) => Promise<O[]>, size = MAX_BATCH): (input: I) => Promise<O> {
  let queue: Waiting<I, O>[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    for (let i = 0; i < batch.length; i += size) {
      const part = batch.slice(i, i + size);
      many(part.map((w) => w.input)).then(
        (answers) => part.forEach((w, k) => (k < answers.length ? w.done(answers[k]!) : w.fail(new Error('a batch answered too few results')))),
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
export const withBatchedResolutions = (sources: Sources, resolveMany: (inputs: PlaylistResolutionInput[]) => Promise<PlaylistResolution[]>): Sources => ({
  ...sources,
  resolvePlaylist: batched(resolveMany),
});
