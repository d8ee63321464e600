import { mkdtempSync, rmSync } from 'node:fs';
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

  it('never lets a key escape the root', () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'uploads/../../x', 'UPLOADS/x', 'a/b/c/d/e', '']) {
      expect(() => storage.localPath(key)).toThrow();
    }
  });
});
