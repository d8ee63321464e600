// The file routes (plugin.ts) as the OpenAPI document describes them: their bodies, binary replies,
// ranges and the statuses they answer.
import { jsonSchemaOf, UploadResult, type ExtraRoute, type JsonSchema } from '@airwave/contracts';

const binary = (types: string[]): Record<string, JsonSchema> => Object.fromEntries(types.map((type) => [type, {}]));
/** What a download answers: the type its format names, else application/octet-stream. */
const mediaTypes = ['audio/*', 'video/*', 'image/*', 'application/pdf', 'application/octet-stream'];
const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });
const rangeErrorEnvelope = {
  allOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, { properties: { data: { properties: { code: { const: 'bad_request' } } } } }],
};

const downloadParameters: JsonSchema[] = [
  {
    name: 'Range',
    in: 'header',
    required: false,
    description: 'One byte range: `bytes=<first>-<last>`, `bytes=<first>-` or `bytes=-<suffix length>`.',
    schema: { type: 'string' },
  },
];

const downloadResponses = (): Record<string, JsonSchema> => {
  const headers = {
    'accept-ranges': header('Always `bytes`.'),
    'content-disposition': header('`attachment; filename="media-<id>.<format>"`'),
    'content-length': header('Bytes in this reply.', { type: 'integer' }),
  };
  return {
    '200': { description: 'The whole file, typed by its format (`audio/mpeg`, `audio/wav`, `image/png`, … else `application/octet-stream`).', headers, content: binary(mediaTypes) },
    '206': {
      description: 'The range asked for (Range).',
      headers: { ...headers, 'content-range': header('`bytes <first>-<last>/<size>`') },
      content: binary(mediaTypes),
    },
    '416': {
      description: 'The range cannot be satisfied (the envelope, `data.code` bad_request).',
      headers: { 'content-range': header('`bytes */<size>`') },
      content: { 'application/json': { schema: rangeErrorEnvelope } },
    },
  };
};

const thumbnailResponses = (): Record<string, JsonSchema> => ({
  '200': {
    description: 'The thumbnail: PNG where the picture has transparency, else JPEG (at most 320 px).',
    headers: { etag: header('Changes when the file does; send it back in If-None-Match.'), 'cache-control': header('`private, max-age=300`') },
    content: binary(['image/jpeg', 'image/png']),
  },
  '204': { description: 'No thumbnail, when `absent=empty` asked for this instead of 404 (a list showing many items without one).' },
  '304': { description: 'Not modified: If-None-Match named the current ETag.' },
});
const thumbnailParameters: JsonSchema[] = [
  { name: 'If-None-Match', in: 'header', required: false, description: 'The ETag of a thumbnail held already.', schema: { type: 'string' } },
  { name: 'absent', in: 'query', required: false, description: '`empty`: an item without a thumbnail answers 204 with no body instead of 404.', schema: { type: 'string', enum: ['empty'] } },
];

const uploadBody: JsonSchema = {
  required: true,
  description:
    'The file, at most MAX_UPLOAD_BYTES (512 MiB unless the station sets another limit; 413 past it): the first file of a multipart form (any field name; other fields are ignored), or the whole body with any other content type but JSON and forms. Its type and format are detected from the content, never from a name.',
  content: {
    'multipart/form-data': { schema: { type: 'object', properties: { file: { description: 'The file (any field name).' } } } },
    ...binary(['application/octet-stream', 'audio/*', 'video/*', 'image/*', 'application/pdf']),
  },
};

const idPath = (description: string) => ({ name: 'id', in: 'path', required: true, description, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } });
/** Statuses of a file route besides its own: any route's but 409 and 413 (no body is read). */
const fileErrors = [400, 401, 403, 404, 408, 431, 500, 503];

/** The file routes, for the OpenAPI document. */
export const mediaFileRoutes: ExtraRoute[] = [
  {
    method: 'POST',
    path: '/api/v2/uploads',
    summary: 'Upload a file (multipart or raw body); answers file_id, file_key and what was detected',
    description:
      'Stores a file for a media item or version to claim (`PUT /api/v2/media`, `POST /api/v2/media/versions`) with its `file_id` and `file_key`; unclaimed uploads are removed after a day.\n\nNeeds `create_own_media` or `manage_media`. Credentials in the query string (`k`, `i`) or headers, never in the body.',
    tag: 'Media',
    auth: true,
    data: jsonSchemaOf(UploadResult, 'output'),
    requestBody: uploadBody,
    errors: [400, 401, 403, 408, 413, 431, 500, 503],
  },
  {
    method: 'GET',
    path: '/api/v2/downloads/media/:id',
    summary: "Download a media item's file (HTTP Range supported)",
    tag: 'Media',
    auth: true,
    parameters: [idPath('The media item'), ...downloadParameters],
    responses: downloadResponses(),
    errors: fileErrors,
  },
  {
    method: 'GET',
    path: '/api/v2/media/thumbnail/:id',
    summary: 'Thumbnail of a media item (the image itself, or embedded cover art)',
    tag: 'Media',
    auth: true,
    parameters: [idPath('The media item'), ...thumbnailParameters],
    responses: thumbnailResponses(),
    errors: fileErrors,
  },
  {
    method: 'GET',
    path: '/api/v2/shows/:id/thumbnail',
    summary: "Thumbnail of a show's media item",
    tag: 'Scheduling',
    auth: true,
    parameters: [idPath('The show'), ...thumbnailParameters],
    responses: thumbnailResponses(),
    errors: fileErrors,
  },
  {
    method: 'GET',
    path: '/api/v2/downloads/media/:id/version/:created',
    summary: 'Download one version of a media item (HTTP Range supported)',
    tag: 'Media',
    auth: true,
    parameters: [
      idPath('The media item'),
      { name: 'created', in: 'path', required: true, description: 'The version (its `created`, Unix seconds)', schema: { type: 'integer', minimum: 0 } },
      ...downloadParameters,
    ],
    responses: downloadResponses(),
    errors: fileErrors,
  },
];
