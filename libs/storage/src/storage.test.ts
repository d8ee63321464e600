import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, IncompleteBodyError, StorageLimitError } from './index';

describe('local storage', () => {
  // The root's parent is this suite's own, so "nothing escaped to ../x" is not about other programs' files.
  const parent = mkdtempSync(join(tmpdir(), 'airwave-storage-'));
  const root = join(parent, 'root');
  mkdirSync(root);
  const storage = createLocalStorage(root);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('stores, reads ranges, and deletes', async () => {
    expect(await storage.put('uploads/abc', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100)).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read('uploads/abc', { start: 6, end: 10 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    await storage.delete('uploads/abc');
    expect(await storage.size('uploads/abc')).toBeNull();
  });

  it('opens a file before answering, and answers null for one that is gone', async () => {
    await storage.put('uploads/opened', Readable.from([Buffer.from('hello world')]), 100);
    const stream = await storage.open('uploads/opened', { start: 6, end: 10 });
    // Removed once open: what is read is still the file as it was sized.
    await storage.delete('uploads/opened');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    expect(await storage.open('uploads/opened')).toBeNull();
  });

  it('refuses files past the limit and keeps nothing', async () => {
    await expect(storage.put('uploads/big', Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.size('uploads/big')).toBeNull();
  });

  it('refuses a body that fails or closes early as incomplete, and keeps no partial file', async () => {
    const bodies: Record<string, () => Readable> = {
      failing: () => {
        const body = new Readable({ read() {} });
        body.push(Buffer.alloc(10));
        setTimeout(() => body.destroy(new Error('aborted')), 5);
        return body;
      },
      // Closed without an error and without its end: what a multipart parser does to a cut file.
      closing: () => {
        const body = new PassThrough();
        body.write(Buffer.alloc(10));
        setTimeout(() => body.destroy(), 5);
        return body;
      },
      // Gone before the file was even opened (a client that left while it was authenticated).
      early: () => new Readable({ read() {} }).destroy(),
      // Failed with an error while the directory is made (emitted on the next tick): reported, not
      // thrown out of the process as an error with no listener.
      'failed-early': () => new Readable({ read() {} }).destroy(new Error('connection reset')),
    };
    for (const [name, body] of Object.entries(bodies)) {
      const key = `uploads/${name}`;
      await expect(storage.put(key, body(), 100), name).rejects.toBeInstanceOf(IncompleteBodyError);
      expect(await storage.size(key)).toBeNull();
      expect(readdirSync(join(root, 'uploads')).filter((f) => f.startsWith(name)), name).toEqual([]);
    }
  });

  it('keeps a disk error apart from an incomplete body', async () => {
    // A directory where the file should go: opening it fails, which is the store's fault.
    await storage.put('uploads/dir.partial/x', Readable.from([Buffer.from('x')]), 100);
    const error = await storage.put('uploads/dir', Readable.from([Buffer.from('x')]), 100).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(IncompleteBodyError);
    expect((error as NodeJS.ErrnoException).code).toBe('EISDIR');
    await storage.delete('uploads/dir.partial/x');
  });

  const hostileKeys = [
    '../etc/passwd',
    '/etc/passwd',
    'uploads/../../x',
    'UPLOADS/x',
    'a/b/c/d/e',
    '',
    '..',
    'uploads/..',
    'uploads/./x',
    'uploads/x/..',
    'uploads//x',
    'uploads/x/',
    'uploads\\..\\..\\x',
    'uploads/x\u0000.mp3',
    'uploads/\u0000',
    'uploads/%2e%2e/x',
    `${root}/uploads/x`,
    'C:/Windows/x',
    'uploads/ x',
    'uploads/x\n',
    'uploads/é',
    `uploads/${'a'.repeat(200)}`,
  ];

  it('never lets a key escape the root', () => {
    for (const key of hostileKeys) expect(() => storage.localPath(key), JSON.stringify(key)).toThrow();
  });

  it('refuses hostile keys in every operation, and writes nothing for them', async () => {
    const before = readdirSync(root, { recursive: true });
    for (const key of hostileKeys) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), 100), JSON.stringify(key)).rejects.toThrow();
      expect(() => storage.read(key), JSON.stringify(key)).toThrow();
      await expect(storage.open(key), JSON.stringify(key)).rejects.toThrow();
      await expect(storage.delete(key), JSON.stringify(key)).rejects.toThrow();
      expect(await storage.size(key)).toBeNull();
    }
    expect(readdirSync(root, { recursive: true })).toEqual(before);
    expect(existsSync(join(root, '..', 'x'))).toBe(false);
  });
});
