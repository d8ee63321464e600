// Request bodies: JSON through Fastify's parser (prototype poisoning refused) but never nested
// deeper than MAX_JSON_DEPTH (which could only exhaust the stack of whatever walks the value
// later), and form bodies (some OpenBroadcaster clients post them) as plain objects like JSON.
import { AirwaveError } from '@airwave/contracts';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_JSON_DEPTH = 100;

/** Whether JSON text nests arrays or objects deeper than `max` (strings are skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

const bodyParsing: FastifyPluginCallback = (app, _options, done) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, next) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      next(new AirwaveError('bad_request', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parseJson(request, body as string, next);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, next) => {
    next(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  done();
};

export default fp(bodyParsing, { name: 'airwave-body-parsing' });
