/** Where the versioned API lives. */
export const API = '/api/v2';

/** What Fastify sets for a JSON body it serialized itself. */
export const JSON_TYPE = 'application/json; charset=utf-8';
