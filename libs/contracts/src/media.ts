// Media library: items, uploads, formats, properties, archive, search and saved searches. One file
// per part (media-items, media-search, media-saved-searches, media-versions, media-files); this one
// puts the `media` group together, in its operations' order (routes and the OpenAPI document follow it).
import { mediaAnalysisOperations } from './media-analysis';
import { mediaItemOperations } from './media-items';
import { savedSearchOperations } from './media-saved-searches';
import { mediaSearchOperations } from './media-search';

export { IdList, Isrc, MediaFormats, MediaItem, MediaItemInput, MediaType, Visibility } from './media-items';
export { filterFields, filterOpAliases, filterOps, SearchFilter, SearchQuery, sortFields } from './media-search';
export { MediaVersion, mediaVersions } from './media-versions';
export { mediaFiles, UploadResult } from './media-files';
export { DynamicEstimate, Playlist, PlaylistEdit, PlaylistInput, PlaylistItem, PlaylistItemInput, PlaylistSummary, PlaylistType, playlistOperations, WhereUsed } from './media-playlists';
export { ItemLoudness, VoicetrackSettings, Voiceover } from './media-playlist-voicetracks';
export { AnalysisProgress, CueEdit, ItemSoundFigures, MediaAnalysis } from './media-analysis';

export const media = {
  ...mediaItemOperations,
  ...mediaSearchOperations,
  ...savedSearchOperations,
  ...mediaAnalysisOperations,
};
