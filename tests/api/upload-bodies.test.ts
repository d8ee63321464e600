// Uploads whose body ends early, through the gateway (issue 18): a multipart form cut off before its
// close delimiter is the client's mistake, 400 in the envelope, and a client that closes its
// connection mid-upload gets nothing stored either. Neither leaves a file or an item behind. The
// storage directory is read where this process can see it (not inside the stack's containers).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { startBlackBoxSystem, apiModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD, type TestSystem } from '../src/harness';

const head = (filename: string) => Buffer.from(`--XX\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`);
/** A whole multipart form holding `file`, under boundary XX. */
const form = (file: Buffer) => Buffer.concat([head('a.wav'), file, Buffer.from('\r\n--XX--\r\n')]);
const FORM_TYPE = 'multipart/form-data; boundary=XX';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(apiModes)('upload bodies that end early (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  // The distributed run gets a data directory of its own, so that its files can be counted.
  let ownDataDir: string | undefined;

  const upload = async (body: Buffer, contentType: string) => {
    const response = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': contentType }, body });
    return { status: response.status, body: (await response.json()) as { status: boolean; msg: string; data: unknown } };
  };
  /** The uploaded files on disk, sorted; null where this process cannot see them (the stack). */
  const storedFiles = async (): Promise<string[] | null> => {
    const dataDir = (system as Partial<TestSystem>).env?.DATA_DIR;
    if (!dataDir) return null;
    return (await readdir(join(dataDir, 'media', 'uploads')).catch(() => [] as string[])).sort();
  };
  const itemCount = async () => (await system.api.get<{ num_results: number }>('/media/search', { key: admin, query: { s: 'approved' } })).body.data.num_results;

  /** Sends a head and `sent` of `body`'s bytes, declaring all of them, then closes the connection. */
  const abandon = (body: Buffer, sent: number, contentType: string) =>
    new Promise<void>((resolve) => {
      const url = new URL(system.url);
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/api/v2/uploads', headers: { authorization: `Bearer ${admin}`, 'content-type': contentType, 'content-length': String(body.length) } });
      req.on('error', () => undefined);
      req.write(body.subarray(0, sent), () => setTimeout(() => (req.destroy(), resolve()), 100));
    });

  beforeAll(async () => {
    if (mode === 'distributed') ownDataDir = await mkdtemp(join(tmpdir(), 'airwave-uploads-'));
    system = await startBlackBoxSystem(mode, ownDataDir ? { DATA_DIR: ownDataDir } : {});
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  });

  it('answers a form cut off before its close delimiter with 400, and keeps nothing', async () => {
    const [files, items] = [await storedFiles(), await itemCount()];
    // The fuzzer's find: a file part with no end at all.
    const found = await upload(Buffer.from('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nID3garbage'), FORM_TYPE);
    expect(found).toEqual({ status: 400, body: { status: false, msg: 'The upload ended before the file was complete.', data: { code: 'bad_request' } } });
    // A real file cut in its middle, right after its part (its data whole), inside the close delimiter.
    const whole = form(wav(0.5));
    for (const cut of [whole.length / 2, whole.length - 8, whole.length - 6, whole.length - 4, head('a.wav').length - 4]) {
      const reply = await upload(whole.subarray(0, Math.floor(cut)), FORM_TYPE);
      expect(reply.status, `cut ${whole.length - cut} bytes short: ${reply.body.msg}`).toBe(400);
      expect(reply.body).toMatchObject({ status: false, data: { code: 'bad_request' } });
    }
    expect(await storedFiles()).toEqual(files);
    expect(await itemCount()).toBe(items);
    // The same form whole (only its closing line break missing, which is still whole) is stored.
    for (const body of [whole, whole.subarray(0, whole.length - 2)]) expect((await upload(body, FORM_TYPE)).status).toBe(200);
    if (files) expect((await storedFiles())!.length).toBe(files.length + 2);
  });

  it('keeps nothing of an upload whose client closes its connection midway, and keeps answering', async () => {
    const files = await storedFiles();
    const file = wav(2);
    await abandon(form(file), 20_000, FORM_TYPE);
    await abandon(file, 20_000, 'application/octet-stream');
    // The server notices the closed connections on its own time: wait for what it leaves behind.
    let left = await storedFiles();
    for (let tries = 0; files && tries < 50 && JSON.stringify(left) !== JSON.stringify(files); tries += 1) {
      await sleep(100);
      left = await storedFiles();
    }
    expect(left).toEqual(files);
    expect((await upload(form(wav(0.2)), FORM_TYPE)).status).toBe(200);
  });
});
