import { describe, expect, it } from 'vitest';
import { formatRefusal } from './rules';

describe('accepted formats', () => {
  const formats = { audio_formats: ['mp3', 'ogg'], image_formats: [] };

  it('accepts a format listed for its type only', () => {
    expect(formatRefusal(formats, 'audio', 'ogg')).toBeNull();
    expect(formatRefusal(formats, 'audio', 'png')).toBe('png is not an accepted audio format (accepted: mp3, ogg)');
  });

  it('names none when a type accepts nothing or is not configured', () => {
    expect(formatRefusal(formats, 'image', 'png')).toBe('png is not an accepted image format (accepted: none)');
    expect(formatRefusal(formats, 'video', 'mp4')).toBe('mp4 is not an accepted video format (accepted: none)');
  });
});
