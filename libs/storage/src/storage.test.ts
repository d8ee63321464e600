import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, StorageLimitError } from './index';

describe('local storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'airwave-storage-'));
  const storage = createLocalStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores, reads ranges, and deletes', async () => {
    expect(await storage.put('uploads/abc', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100)).toBe(11);
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read('uploads/abc', { start: 6, end: 10 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('world');
    await storage.delete('uploads/abc');
    expect(await storage.size('uploads/abc')).toBeNull();
  });

  it('refuses files past the limit and keeps nothing', async () => {
    await expect(storage.put('uploads/big', Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.size('uploads/big')).toBeNull();
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
      await expect(storage.delete(key), JSON.stringify(key)).rejects.toThrow();
      expect(await storage.size(key)).toBeNull();
    }
    expect(readdirSync(root, { recursive: true })).toEqual(before);
    expect(existsSync(join(root, '..', 'x'))).toBe(false);
  });
});
