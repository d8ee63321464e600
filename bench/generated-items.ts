// Generated media items for the benchmarks, inserted with one SQL statement into the media schema
// (which the media service's own migrations must have created): titles, artists and search text
// from 20 words, two of them accented, so that common words, rare combinations and accents are all
// represented; 90 % of the items approved.
import { sql, type Database } from '@airwave/db';

export const words = ['love', 'night', 'radio', 'summer', 'dance', 'blue', 'river', 'city', 'heart', 'café', 'señor', 'dream', 'fire', 'gold', 'rain', 'star', 'road', 'home', 'light', 'wild'];

export async function insertGeneratedItems(database: Database, count: number, options: { owners?: number; vacuum?: boolean } = {}): Promise<void> {
  const w = sql.val(words);
  const owners = Math.max(1, options.owners ?? 1);
  await sql`
    insert into media.items (owner_id, title, artist, album, year, genre, category, type, format, duration, size, file_id, is_approved, search_text, updated)
    select 1 + (g % ${owners}),
           initcap((${w}::text[])[1 + (g * 7) % 20] || ' ' || (${w}::text[])[1 + (g * 13) % 20] || ' ' || g),
           initcap((${w}::text[])[1 + (g * 3) % 20]) || ' Band ' || (g % 997),
           'Album ' || (g % 5003), 1950 + g % 75, (array['Rock','Pop','Jazz','Folk','Soul'])[1 + g % 5], 'Music', 'audio', 'mp3',
           120 + g % 300, 1000, 'bench/' || g, g % 10 <> 0,
           lower((${w}::text[])[1 + (g * 7) % 20] || ' ' || (${w}::text[])[1 + (g * 13) % 20] || ' ' || g || ' ' || (${w}::text[])[1 + (g * 3) % 20] || ' band ' || (g % 997) || ' album ' || (g % 5003)),
           now() - (g || ' seconds')::interval
    from generate_series(1, ${count}) g`.execute(database.root);
  await sql`update media.items set search_text = replace(replace(search_text, 'é', 'e'), 'ñ', 'n')`.execute(database.root);
  // With vacuum: what autovacuum would have done to a library this size by now (visibility map,
  // hint bits); otherwise only fresh statistics.
  await (options.vacuum ? sql`vacuum analyze media.items` : sql`analyze media.items`).execute(database.root);
}
