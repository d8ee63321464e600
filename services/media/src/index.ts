// The media service: uploads (registered by the gateway's file plugin), items, versions, formats,
// properties, archive, search and saved searches, playlists, and the internal questions other services ask.
// This file is its table of contents: each area (a folder) binds its own operations; the HTTP file
// paths that the gateway serves are src/http.
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';
import { bindAnalysis } from './analysis/handlers';
import { analyseLibrary } from './analysis/job';
import { bindArchive } from './archive/handlers';
import { readMediaEnv } from './config';
import { createMediaContext } from './context';
import { bindFiles } from './files/handlers';
import { measureLibrary } from './durations/job';
import { sweepUnclaimedUploads } from './files/sweep';
import { bindFormats } from './formats/handlers';
import { bindInternal } from './internal/handlers';
import { bindItems } from './items/handlers';
import { mediaMigrations } from './migrations';
import { bindPlaylists } from './playlists/handlers';
import { bindProperties } from './properties/handlers';
import { bindSavedSearches } from './saved-searches/handlers';
import { bindSearch } from './search/handlers';
import { bindVersions } from './versions/handlers';

export { mediaHttpPlugin } from './http/plugin';
export { mediaFileRoutes } from './http/file-routes';
export { mediaConfig } from './config';

export const mediaService: ServiceDefinition = {
  name: 'media',
  schema: 'media',
  migrations: mediaMigrations,
  async start(deps) {
    const context = createMediaContext(deps);
    const areas = await Promise.all([
      bindHealth(deps.bus, 'media', deps.database).then((health) => [health]),
      bindFiles(context), // uploads registered, files located for downloads and thumbnails
      bindVersions(context),
      bindItems(context),
      bindProperties(context),
      bindFormats(context),
      bindArchive(context), // archive, unarchive, delete
      bindSearch(context),
      bindSavedSearches(context),
      bindInternal(context), // summaries and filter matches for other services
      bindPlaylists(context), // playlists, their resolution for players and their checks for scheduling
      bindAnalysis(context), // how each item's file sounds (issue 44)
    ]);
    const subscriptions = areas.flat();
    const sweep = sweepUnclaimedUploads(context);
    if (!context.durations.ffmpeg) {
      context.logger.warn({}, 'No ffmpeg (none on the PATH, or FFMPEG_PATH=none): media lengths come from the files’ headers, which run tens of milliseconds long for MP3s (gaps on air between items). For exact lengths install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH.');
    }
    const measuring = measureLibrary(context); // files whose length came from their header, decoded in the background
    const analysing = analyseLibrary(context, { enabled: readMediaEnv(deps.env).MEDIA_ANALYSIS === 'background' }); // the audio's loudness and cue points, new files first
    context.analysis = analysing;
    return {
      async stop() {
        sweep.stop();
        measuring.stop();
        analysing.stop();
        context.durations.stop();
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};
