import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Thumbnailer, scaleImage } from './thumbnails';

const image = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 0, b: 255, alpha: 0.5 } : '#c00' } }).png().toBuffer();

describe('thumbnails', () => {
  it('scales to fit the size, keeping the aspect ratio and never enlarging', async () => {
    const wide = await scaleImage(await image(1000, 250), 320);
    expect(wide.contentType).toBe('image/jpeg');
    expect(await sharp(wide.body).metadata()).toMatchObject({ width: 320, height: 80, format: 'jpeg' });
    const small = await scaleImage(await image(40, 30), 320);
    expect(await sharp(small.body).metadata()).toMatchObject({ width: 40, height: 30 });
    const clear = await scaleImage(await image(600, 600, true), 100);
    expect(clear.contentType).toBe('image/png');
    expect(await sharp(clear.body).metadata()).toMatchObject({ width: 100, height: 100, hasAlpha: true });
  });

  it('has none for broken images, documents and video without ffmpeg', async () => {
    const thumbnailer = new Thumbnailer({ ffmpeg: null });
    const source = (type: string, bytes: Buffer) => ({ fileId: `f-${type}`, type, path: null, read: async () => bytes });
    expect(await thumbnailer.of(source('image', Buffer.from('not an image at all')))).toBeNull();
    expect(await thumbnailer.of(source('document', Buffer.from('%PDF-1.4')))).toBeNull();
    expect(await thumbnailer.of({ fileId: 'v', type: 'video', path: '/nonexistent/video.mp4', read: async () => Buffer.alloc(0) })).toBeNull();
  });

  it('caches by file id and evicts the least recently used', async () => {
    const thumbnailer = new Thumbnailer({ cacheEntries: 2, size: 16 });
    const reads: string[] = [];
    const bytes = await image(64, 64);
    const source = (fileId: string) => ({ fileId, type: 'image', path: null, read: async () => (reads.push(fileId), bytes) });
    const a = await thumbnailer.of(source('a'));
    expect(await thumbnailer.of(source('a'))).toBe(a);
    await thumbnailer.of(source('b'));
    await thumbnailer.of(source('a')); // a is now the most recent
    await thumbnailer.of(source('c')); // evicts b
    await thumbnailer.of(source('a'));
    await thumbnailer.of(source('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });
});
