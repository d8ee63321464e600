// The file paths of the media library, served by the gateway: uploads stream to storage (never
// across the bus), and downloads stream from it with HTTP Range support. This registers the routes;
// each lives in its own file.
import type { Storage } from '@airwave/storage';
import type { FastifyInstance } from 'fastify';
import type { Helpers } from './caller';
import { downloadRoute } from './download-route';
import { thumbnailRoutes } from './thumbnail-routes';
import { Thumbnailer } from './thumbnails';
import { uploadRoute } from './upload-route';

export interface MediaHttpOptions {
  storage: Storage;
  maxUploadBytes: number;
  /** Makes and caches thumbnails (default: 320 px, ffmpeg from PATH for video frames). */
  thumbnailer?: Thumbnailer;
}

export function mediaHttpPlugin(options: MediaHttpOptions) {
  return async (app: FastifyInstance, helpers: Helpers) => {
    await app.register(async (scope) => {
      // Every body reaches the upload route unread, a multipart form too (uploads.ts reads it).
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.post('/api/v2/uploads', uploadRoute(options.storage, options.maxUploadBytes, helpers));
      const download = downloadRoute(options.storage, helpers);
      scope.get('/api/v2/downloads/media/:id', download);
      const thumbnails = thumbnailRoutes(options.storage, options.thumbnailer ?? new Thumbnailer(), helpers);
      scope.get('/api/v2/media/thumbnail/:id', thumbnails.ofMedia);
      scope.get('/api/v2/shows/:id/thumbnail', thumbnails.ofShow);
      scope.get('/api/v2/downloads/media/:id/version/:created', download);
    });
  };
}
