// A voicetrack over its music, listened to (issue 43): a presenter's voice (an MP3 from LAME, 4.3 s)
// over a song (Ogg Vorbis), as OpenBroadcaster's settings say: the song starts at full level, 3 s in
// it fades down over 1 s to a tenth (-20 dB), the voice plays over it, and the song fades back up
// over 2 s. Needs liquidsoap, icecast2, ffmpeg and sox, like the listening test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { detectTones, goertzel, haveTools, makeEncodedTone, makeTone, recordMountWhenUp, startIcecast, transitions, type PrivateIcecast } from '../../src/listen';
import { LiquidsoapEngine } from '@airwave/playout/engine';
import type { PlannedItem, TrackEvent } from '@airwave/playout/engine';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the voicetrack listening test needs ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const [MUSIC, VOICE, FALLBACK] = [660, 1100, 1650];
const dB = (ratio: number) => 10 * Math.log10(ratio);

describe.skipIf(missing.length > 0)('the Liquidsoap engine airing a voicetrack over its music', () => {
  let dir: string;
  let ice: PrivateIcecast;
  let engine: LiquidsoapEngine;
  const files = { music: '', voice: '', fallback: '' };
  const events: TrackEvent[] = [];

  const fallback = (): PlannedItem[] => [
    { key: 'default:1', kind: 'file', path: files.fallback, media_id: 1, title: 'fill', artist: 'tones', start: 0, duration: 120_000, cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context: 'fallback', show_id: 0, show_name: 'fill' },
  ];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-engine-voice-'));
    ice = await startIcecast();
    files.music = await makeEncodedTone(join(dir, 'song.ogg'), [{ frequency: MUSIC, seconds: 20.5 }], 'ogg');
    files.voice = await makeEncodedTone(join(dir, 'link.mp3'), [{ frequency: VOICE, seconds: 4.3 }], 'mp3');
    files.fallback = await makeTone(join(dir, 'fallback.wav'), FALLBACK, 120);
    engine = new LiquidsoapEngine({ playerId: 12, startTimeoutMs: limit(30_000) });
    engine.onTrack((e) => events.push(e));
    await engine.update({ player_id: 12, items: [], fallback: fallback() });
    await engine.start({ host: ice.host, port: ice.port, mount: '/voice', password: ice.sourcePassword });
  }, limit(120_000));

  afterAll(async () => {
    await engine?.stop();
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('ducks the music under the voice from its offset, over its fades, and back to its own level', async () => {
    const rec = await recordMountWhenUp(ice.url('/voice'), limit(30_000));
    const t = Date.now() + 2000;
    const song: PlannedItem = {
      key: `song:${t}`, kind: 'file', path: files.music, media_id: 2, title: 'Song', artist: 'Band', start: t, duration: 20_000, cue_in: 0, gain_db: 0, crossfade: 0, hard: true, context: 'show', show_id: 1, show_name: 'Breakfast',
      voiceover: { media_id: 3, path: files.voice, title: 'Link', artist: 'Dawn', start: t + 4000, duration: 4300, duck: { down_at: t + 3000, down_s: 1, level: 0.1, up_s: 2 } },
    };
    await engine.update({ player_id: 12, items: [song], fallback: fallback() });
    await sleep(t + 14_000 - Date.now());
    const recording = await rec.stop();
    const { samples, rate } = recording;
    const heard = transitions(detectTones(samples, { rate, candidates: [MUSIC, VOICE, FALLBACK], hopMs: 10 }));
    const start = heard.find((h) => h.to === MUSIC);
    expect(start, JSON.stringify(heard)).toBeDefined();
    /** Goertzel power of `tone` between two times in ms after the song was heard to start. */
    const power = (tone: number, from: number, to: number) => goertzel(samples, Math.round(((start!.at + from) * rate) / 1000), Math.round(((start!.at + to) * rate) / 1000), rate, tone);
    const full = power(MUSIC, 500, 2500);
    const fading = power(MUSIC, 3400, 3600);
    const ducked = power(MUSIC, 4500, 8000);
    const back = power(MUSIC, 10_800, 12_500);
    const voice = power(VOICE, 4500, 8000);
    // the voice's onset, 10 ms at a time: where it first reaches half its level
    let onset = 3000;
    while (onset < 5500 && power(VOICE, onset, onset + 20) < voice / 4) onset += 10;
    process.stdout.write(
      `voicetrack: the song ${dB(ducked / full).toFixed(1)} dB under the voice (set: -20), ${dB(fading / full).toFixed(1)} dB halfway down its fade, ` +
        `${dB(back / full).toFixed(1)} dB after; the voice ${dB(voice / full).toFixed(1)} dB against the song's full level, heard ${onset - 4000} ms from its instant\n`,
    );
    expect(dB(ducked / full)).toBeGreaterThan(-21.5);
    expect(dB(ducked / full)).toBeLessThan(-18.5);
    // a fade, not a step: halfway down, the level is between the two (amplitude 0.55: -5 dB)
    expect(dB(fading / full)).toBeGreaterThan(-9);
    expect(dB(fading / full)).toBeLessThan(-2);
    expect(Math.abs(dB(back / full))).toBeLessThan(1);
    // the voice at its own level (both tones alike), and only while it plays
    expect(Math.abs(dB(voice / full))).toBeLessThan(1.5);
    expect(power(VOICE, 500, 3500) / full).toBeLessThan(1e-3);
    expect(power(VOICE, 8800, 12_500) / full).toBeLessThan(1e-3);
    expect(Math.abs(onset - 4000)).toBeLessThanOrEqual(60);
    // what is on air stays the song: the voice is no track of its own
    expect(events.filter((e) => e.key.startsWith('song:')).map((e) => e.kind)).toEqual(['start']);
    expect(events.some((e) => e.key.includes(':voice'))).toBe(false);
  }, limit(60_000));
});
