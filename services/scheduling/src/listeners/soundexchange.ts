// SoundExchange's report of use (issue 46): census reporting, every sound recording aired in the
// period with its actual total performances (the sum of its plays' ATP, play-figures.ts), in the
// column order of SoundExchange's template and of the report tools stations use with it:
// NAME_OF_SERVICE, TRANSMISSION_CATEGORY, FEATURED_ARTIST, SOUND_RECORDING_TITLE, ISRC, ALBUM_TITLE,
// MARKETING_LABEL, ACTUAL_TOTAL_PERFORMANCES. Tab-separated text (what the delivery specification
// asks for), one line a recording, a recording known by its ISRC, or else by its artist, title,
// album and label. Pure.

export const SOUNDEXCHANGE_COLUMNS = ['NAME_OF_SERVICE', 'TRANSMISSION_CATEGORY', 'FEATURED_ARTIST', 'SOUND_RECORDING_TITLE', 'ISRC', 'ALBUM_TITLE', 'MARKETING_LABEL', 'ACTUAL_TOTAL_PERFORMANCES'] as const;

export interface ReportedPlay {
  artist: string;
  title: string;
  isrc: string;
  album: string;
  label: string;
  /** The play's actual total performances. */
  atp: number;
}

export interface Service {
  /** The service's name (with its call letters, where it has them). */
  name: string;
  /** SoundExchange's one-letter transmission category (A–K). */
  category: string;
}

/** A field as the file takes it: no tab or line break inside, no spaces around. */
const field = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim();

const recordingKey = (p: ReportedPlay) => (p.isrc.trim() ? `isrc:${p.isrc.trim().toUpperCase()}` : JSON.stringify([p.artist, p.title, p.album, p.label].map((v) => field(v).toLowerCase())));

/** The report's lines, the header first; recordings in the order first aired, none with no performance. */
export function soundExchangeReport(service: Service, plays: readonly ReportedPlay[]): string {
  const recordings = new Map<string, { play: ReportedPlay; atp: number }>();
  for (const play of plays) {
    const key = recordingKey(play);
    const seen = recordings.get(key);
    if (seen) seen.atp += play.atp;
    else recordings.set(key, { play, atp: play.atp });
  }
  const lines = [...recordings.values()]
    .filter((r) => r.atp > 0)
    .map(({ play, atp }) => [service.name, service.category, play.artist, play.title, play.isrc.toUpperCase(), play.album, play.label, String(atp)].map(field).join('\t'));
  return [SOUNDEXCHANGE_COLUMNS.join('\t'), ...lines].join('\r\n') + '\r\n';
}
