// An upload's file measured as it is registered: its decoded length becomes the upload's (and so
// the item's or version's made from it) when the decode ends within the wait the registration
// allows; a longer decode goes on after the answer, and stores its length on whatever holds the
// file by then. Measuring never fails an upload: a file ffmpeg cannot decode keeps its header's
// length, marked undecodable.
import type { MediaContext } from '../context';
import { applyMeasurement } from './queries';

/** Decodes the upload's file and stores its length; answers it, or null when not decoded. */
async function measureAndStore(context: MediaContext, fileId: string, containerSeconds: number | null): Promise<number | null> {
  const path = context.storage.localPath(fileId);
  const measurement = path ? await context.durations.measure(path, containerSeconds, 'upload') : null;
  if (!measurement) return null;
  const changed = await applyMeasurement(context.db, context.events, fileId, measurement);
  if (changed.length > 0) context.events.kick();
  if (measurement.kind === 'decoded') return measurement.seconds;
  context.logger.info({ fileId, reason: measurement.reason }, 'Upload not decodable: its length is the one its header gives');
  return null;
}

/**
 * Measures an uploaded file, waiting at most `context.uploadWaitMs`: answers the decoded length
 * when it came in time, else null (the header's length stands until the decode ends).
 */
export async function measureUpload(context: MediaContext, fileId: string, containerSeconds: number | null): Promise<number | null> {
  if (!context.durations.ffmpeg) return null;
  const measured = measureAndStore(context, fileId, containerSeconds).catch((error: unknown) => {
    context.logger.warn({ err: error, fileId }, 'Measuring an upload failed; the background measuring takes it up');
    return null;
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), context.uploadWaitMs);
  });
  try {
    return await Promise.race([measured, late]);
  } finally {
    clearTimeout(timer);
  }
}
