// What api/fuzz.test.ts sends besides the requests it derives from each operation's JSON schema:
// multipart forms for the routes whose document takes one (whole, cut short at any byte, without
// their close delimiter, with broken boundaries and part headers, or abandoned by a client that
// closes its connection mid-body), and edits of records that do not exist yet, with an id of the
// caller's choosing, each followed by a creation on the same collection. Both once made 500s
// (issue 18): a cut form reached the error handler as an unknown stream error, and a player saved
// under a chosen id ran raw SQL that named its table without the service's schema.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { png, wav } from './files';

/** A body as sent: `bytes` when it is binary, `text` (also its printable form in reports). */
export interface FuzzBody {
  text: string;
  contentType?: string;
  bytes?: Buffer;
}

/** A multipart request: its body, and for an abandoned one how many of its bytes are sent. */
export interface FormSpec {
  body: FuzzBody;
  abortAfter?: number;
}

const CRLF = '\r\n';

function form(boundary: string, parts: { headers: string[]; content: Buffer }[], close = true): Buffer {
  const chunks = parts.flatMap(({ headers, content }) => [Buffer.from(`--${boundary}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}`, 'latin1'), content, Buffer.from(CRLF)]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${boundary}--${CRLF}` : '', 'latin1')]);
}

const filePart = (content: Buffer, name = 'file', filename = 'a.mp3') => ({ headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, 'Content-Type: application/octet-stream'], content });
const fieldPart = (name: string, value: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], content: Buffer.from(value) });

/** A body of bytes, shown in reports as latin1 (what a cut form looks like byte for byte). */
const bodyOf = (bytes: Buffer, contentType: string): FuzzBody => ({ text: bytes.toString('latin1'), contentType, bytes });

const contents = fc.constantFrom(wav(0.05), png, Buffer.from('ID3garbage'), Buffer.from('%PDF-1.4 not really'), Buffer.alloc(0), Buffer.from(`--B${CRLF}inside`));

/** A form with one file (and sometimes fields around it), under boundary `B`. */
const wholeForm = fc
  .record({
    content: contents,
    before: fc.constantFrom([], [fieldPart('title', 'x')], [fieldPart('__proto__', '1')], [fieldPart('d', '{"i":1}')]),
    after: fc.constantFrom([], [filePart(png, 'second', 'b.png')], [fieldPart('x', 'y'.repeat(2_000))]),
    filename: fc.constantFrom('a.mp3', '', '../../etc/passwd', 'é.wav', 'a"b.wav'),
  })
  .map(({ content, before, after, filename }) => form('B', [...before, filePart(content, 'file', filename), ...after]));

const broken: fc.Arbitrary<FormSpec> = fc.oneof(
  // Whole: the route's ordinary work (stored, or refused for its content).
  wholeForm.map((bytes) => ({ body: bodyOf(bytes, 'multipart/form-data; boundary=B') })),
  // Cut at any byte, the close delimiter's included.
  fc.tuple(wholeForm, fc.double({ min: 0, max: 1, noNaN: true })).map(([bytes, at]) => ({ body: bodyOf(bytes.subarray(0, Math.floor(bytes.length * at)), 'multipart/form-data; boundary=B') })),
  fc.tuple(contents, fc.constantFrom('', CRLF, `${CRLF}--B`, `${CRLF}--B-`, `${CRLF}--B${CRLF}`)).map(([content, tail]) => ({
    body: bodyOf(Buffer.concat([form('B', [filePart(content)], false).subarray(0, -2), Buffer.from(tail)]), 'multipart/form-data; boundary=B'),
  })),
  // Boundaries and part headers that do not fit.
  fc.tuple(wholeForm, fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=C', 'multipart/form-data; boundary="B"', `multipart/form-data; boundary=${'B'.repeat(200)}`, 'multipart/mixed; boundary=B', 'multipart/form-data; boundary=B; boundary=C')).map(([bytes, type]) => ({ body: bodyOf(bytes, type) })),
  fc.constantFrom<string[]>(
    [`Content-Disposition: form-data${CRLF}`],
    ['no colon here'],
    [`Content-Disposition: attachment; filename="a.mp3"`],
    [`Content-Disposition: form-data; name="file"; filename*=UTF-8''%E2%82%AC.mp3`],
    [`X-Huge: ${'h'.repeat(100_000)}`],
  ).map((headers) => ({ body: bodyOf(form('B', [{ headers, content: Buffer.from('ID3') }]), 'multipart/form-data; boundary=B') })),
  fc.constantFrom('', `--B--${CRLF}`, `preamble${CRLF}--B--${CRLF}epilogue`, `--B${CRLF}${CRLF}`, '\u0000\u0000', `--B\n\nbare line feeds\n--B--\n`).map((text) => ({ body: bodyOf(Buffer.from(text, 'latin1'), 'multipart/form-data; boundary=B') })),
  // A client that stops sending and closes its connection: a form, or a raw body.
  fc.tuple(wholeForm, fc.double({ min: 0, max: 0.99, noNaN: true })).map(([bytes, at]) => ({ body: bodyOf(bytes, 'multipart/form-data; boundary=B'), abortAfter: Math.floor(bytes.length * at) })),
  fc.double({ min: 0, max: 0.99, noNaN: true }).map((at) => {
    const bytes = wav(0.2);
    return { body: bodyOf(bytes, 'application/octet-stream'), abortAfter: Math.floor(bytes.length * at) };
  }),
);

/** Routes whose document takes a multipart form. */
export const takesMultipart = (operation: { requestBody?: { content: Record<string, unknown> } }) => Boolean(operation.requestBody?.content['multipart/form-data']);

/** `count` multipart requests, the same for the same seed. */
export const formSpecs = (seed: number, count: number): FormSpec[] => (count > 0 ? fc.sample(broken, { seed, numRuns: count }) : []);

/**
 * Sends the head and the first `sendBytes` bytes of a body that declares its whole length, then
 * closes the connection: the server sees a client that went away mid-body and owes no reply.
 */
export function sendAbandoned(base: URL, path: string, headers: Record<string, string>, body: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method: 'POST', path, headers: { ...headers, 'content-length': String(body.length) } });
    // Whatever the socket reports once destroyed is expected; so is a reply sent before the end.
    req.on('error', () => undefined);
    req.on('response', (res) => res.resume());
    req.write(body.subarray(0, sendBytes), () => {
      // A moment for the server to start reading, so the close lands mid-body, not before it.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 20);
    });
  });
}

/**
 * Values of properties whose schema alone rarely yields an accepted one (a time zone is any string
 * to the document), so that chosen-id saves get past validation to the database.
 */
export const knownGood: Record<string, unknown[]> = {
  timezone: ['UTC', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe'],
};

/** PUT routes that edit one record by its numeric id (`…/{id}`): where a chosen id can create. */
export const chosenIdRoute = (method: string, route: string, pathParams: string[]) => method === 'put' && route.endsWith('/{id}') && pathParams.length === 1 && pathParams[0] === 'id';

/** Fresh ids, far past anything the fuzzing run creates by itself; the same for the same seed. */
export const freshIds = (seed: number) => {
  let next = 500_000 + (seed % 1_000) * 1_000;
  return () => (next += 1);
};
