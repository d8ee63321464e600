import { AirwaveError } from '@airwave/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeReply, readReply, unwrapReply, unwrapReplyJson } from './errors';
import { JsonText } from './json-text';

describe('unwrapReplyJson', () => {
  it('gives exactly the JSON text of a success reply’s data, as parsing and serializing it again would', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (data) => {
        const wire = encodeReply({ ok: true, data }, undefined);
        const json = unwrapReplyJson(wire, 'test.subject');
        expect(json).toBe(JSON.stringify(unwrapReply(JSON.parse(wire), 'test.subject')));
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 500 },
    );
  });

  it('throws a failure reply’s error, as unwrapReply does', () => {
    const wire = encodeReply({ ok: false, error: new AirwaveError('conflict', 'Taken.', { field: 'name' }) }, undefined);
    const error = (() => {
      try {
        return unwrapReplyJson(wire, 's');
      } catch (e) {
        return e;
      }
    })();
    expect(AirwaveError.is(error, 'conflict')).toBe(true);
    expect((error as AirwaveError).details).toEqual({ field: 'name' });
  });

  it('parses a success written another way (another key order, spaces) and serializes its data', () => {
    expect(unwrapReplyJson('{"data":{"a":[1,2]},"ok":true}', 's')).toBe('{"a":[1,2]}');
    expect(unwrapReplyJson('{ "ok": true, "data": "x" }', 's')).toBe('"x"');
    expect(unwrapReplyJson('{"ok":true}', 's')).toBe('null');
  });

  it('refuses text that is not a reply with internal, never a SyntaxError', () => {
    for (const wire of ['', 'not json', '{"ok":true,"data":', '[1]', '{"ok":false}']) {
      expect(() => unwrapReplyJson(wire, 's')).toThrow(expect.objectContaining({ code: 'internal' }) as Error);
    }
  });
});

describe('JsonText replies', () => {
  it('are sent as their text, read back as the value it writes, and written inside other values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (data) => {
        const text = JSON.stringify(data);
        const wire = encodeReply({ ok: true, data: new JsonText(text) }, undefined);
        expect(unwrapReplyJson(wire, 'test.subject')).toBe(text);
        expect(readReply(wire, 'test.subject')).toEqual(JSON.parse(text));
        expect(JSON.parse(JSON.stringify({ inner: new JsonText(text) }))).toEqual({ inner: JSON.parse(text) });
      }),
      { numRuns: 300 },
    );
  });
});
