// The media service's side of the file paths (src/http, served by the gateway): an upload is
// registered once stored, and a download or thumbnail asks which stored file to send.
import type { Subscription } from '@airwave/bus';
import { mediaFiles, notFound } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { readFormats } from '../formats/queries';
import { formatRefusal } from '../formats/rules';
import { loadVisible } from '../shared/visibility';
import { findVersion } from '../versions/queries';
import { insertUpload, itemsWithContent } from './queries';
import { measureUpload } from '../durations/ingest';

export function bindFiles(context: MediaContext): Promise<Subscription[]> {
  const { db, bus } = context;
  return Promise.all([
    bindOperation(bus, mediaFiles.registerUpload, async (input, { principal }) => {
      const refusal = formatRefusal(await readFormats(db), input.type, input.format);
      if (refusal) return { accepted: false, reason: refusal };
      const timed = input.type === 'audio' || input.type === 'video';
      await insertUpload(db, { ...input, owner_id: principal.userId, duration_source: timed ? 'container' : null });
      // The decoded length where it is measured in time; else the header's, until it is.
      const decoded = timed ? await measureUpload(context, input.file_id, input.duration) : null;
      const duplicates = input.content_hash ? await itemsWithContent(db, input.content_hash, principal) : [];
      return { accepted: true, reason: null, duration: decoded ?? input.duration, duplicates };
    }),
    bindOperation(bus, mediaFiles.locate, async ({ id, created }, { principal }) => {
      const row = await loadVisible(db, id, principal);
      if (created === undefined) return { file_id: row.file_id, format: row.format, type: row.type as 'audio', title: row.title };
      const version = await findVersion(db, id, created);
      if (!version) throw notFound(`No version ${created} of media item ${id}.`);
      return { file_id: version.file_id, format: version.format, type: row.type as 'audio', title: row.title };
    }),
  ]);
}
