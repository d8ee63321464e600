// The rundown's header counts what the page shows (issue 43, N4): the shows, and whether the default
// playlist fills between them; a day of default playlist is hundreds of the server's blocks, which
// the header counted ("678 block(s)"). No browser needed.
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script, without types
import { readCatalogue } from '../scripts/i18n-keys.mjs';
import { i18n } from '../src/i18n';
import { dayInWords as wordsOfGroups, fillProblem, grouped, type Block } from '../src/rundown/rundown-types';

const dayInWords = (blocks: Block[]) => wordsOfGroups(grouped(blocks));

/** Blocks of an hour each from 00:00, of the kinds given. */
const day = (...kinds: Block['kind'][]): Block[] =>
  kinds.map((kind, hour) => ({ kind, start: `2026-12-01T${String(hour).padStart(2, '0')}:00:00Z`, end: `2026-12-01T${String(hour + 1).padStart(2, '0')}:00:00Z` }) as unknown as Block);

describe("the rundown's header", () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('counts the shows, not the default playlist blocks between them', () => {
    const fills = Array.from({ length: 300 }, () => 'default_playlist' as const);
    expect(dayInWords(day('show', ...fills, 'show'))).toBe(': 2 shows, and the default playlist between them.');
    expect(dayInWords(day('show', 'default_playlist'))).toBe(': 1 show, and the default playlist around it.');
    expect(dayInWords(day('show', 'show'))).toBe(': 2 shows.');
    expect(dayInWords(day(...fills))).toBe(': the default playlist all day.');
  });

  it('says it in French too', async () => {
    i18n.addResourceBundle('fr', 'translation', readCatalogue('fr'));
    await i18n.changeLanguage('fr');
    expect(dayInWords(day('show', 'default_playlist', 'default_playlist', 'show', 'show'))).toBe(' : 3 émissions, et la playlist par défaut entre elles.');
    expect(dayInWords(day('show'))).toBe(' : 1 émission.');
  });
});

describe("a block's fill (issue 43, N3)", () => {
  const block = (kind: Block['kind'], minutes: number, items: [offset: number, duration: number][]) =>
    ({ kind, start: '2026-12-01T08:00:00Z', end: `2026-12-01T08:${String(minutes).padStart(2, '0')}:00Z`, items: items.map(([offset, duration], order) => ({ order, offset, duration })) }) as unknown as Block;

  it('finds the dead air after the last item of a show, from where it begins', () => {
    expect(fillProblem(block('show', 30, [[0, 90]]))).toEqual({ kind: 'dead_air', from: 90, seconds: 1710 });
    expect(fillProblem(block('show', 30, []))).toEqual({ kind: 'dead_air', from: 0, seconds: 1800 });
  });

  it('finds items that run past the end, and lets a crossfade or a rounding pass', () => {
    expect(fillProblem(block('show', 30, [[0, 1200], [1199, 700]]))).toEqual({ kind: 'overrun', seconds: 99 });
    expect(fillProblem(block('show', 30, [[0, 900], [899.5, 900.2]]))).toBeNull();
  });

  it('leaves a line-in block alone: the live source fills it', () => {
    expect(fillProblem(block('linein', 30, []))).toBeNull();
  });
});

