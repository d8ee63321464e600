// OpenBroadcaster's players search (controllers/players.php search): `filters` (column, value,
// operator), `orderby`, `orderdesc`, `limit`, `offset`. OB passes the column to SQL as given;
// here it is one of PlayerColumn, each with its kind, and the value is read as that kind.
import { Flag, forbidden, readTime, type PlayerColumn, type PlayerFilter, type PlayerSearch } from '@airwave/contracts';
import type { z } from 'zod';
import type { SchedulingDB } from '../schema';
import { fieldError } from '../schedule/times';
import { playersWithStatus } from './queries';

type Column = z.infer<typeof PlayerColumn>;
type Kind = 'int' | 'float' | 'text' | 'flag' | 'time';

const KINDS: Record<Column, Kind> = {
  id: 'int',
  name: 'text',
  description: 'text',
  timezone: 'text',
  stream_url: 'text',
  playout: 'text',
  ip_address: 'text',
  support_audio: 'flag',
  support_video: 'flag',
  support_images: 'flag',
  support_linein: 'flag',
  station_id_image_duration: 'int',
  default_playlist_id: 'int',
  parent_player_id: 'int',
  use_parent_schedule: 'flag',
  use_parent_dynamic: 'flag',
  use_parent_ids: 'flag',
  use_parent_playlist: 'flag',
  use_parent_alert: 'flag',
  version: 'text',
  last_connect: 'time',
  last_connect_schedule: 'time',
  last_connect_emergency: 'time',
  last_connect_playlog: 'time',
  last_connect_media: 'time',
  last_ip_address: 'text',
  longitude: 'float',
  latitude: 'float',
};

const STATUS_COLUMNS = new Set<Column>(['version', 'last_connect', 'last_connect_schedule', 'last_connect_emergency', 'last_connect_playlog', 'last_connect_media', 'last_ip_address', 'longitude', 'latitude']);

/** Columns OB shows player managers only. */
export const MANAGER_COLUMNS = new Set<Column>(['ip_address', 'last_ip_address']);

const refOf = (column: Column) => (STATUS_COLUMNS.has(column) ? `player_status.${column}` : `players.${column}`) as 'players.id';

/** A filter's value read as its column's kind, or why it cannot be. */
export function filterValue(column: Column, value: string | number | boolean | null): string | number | boolean | Date | null | { problem: string } {
  if (value === null) return null;
  switch (KINDS[column]) {
    case 'int':
      return /^\d{1,10}$/.test(String(value)) && Number(value) <= 2_147_483_647 ? Number(value) : { problem: 'must be a whole number' };
    case 'float':
      return value !== '' && typeof value !== 'boolean' && Number.isFinite(Number(value)) ? Number(value) : { problem: 'must be a number' };
    case 'flag': {
      const flag = Flag.safeParse(value);
      return flag.success ? flag.data : { problem: 'must be true or false' };
    }
    case 'time': {
      const time = readTime(String(value));
      return typeof time === 'number' ? new Date(time) : { problem: 'must be Unix seconds or ISO 8601 with an offset' };
    }
    default:
      return String(value);
  }
}

type Filter = z.output<typeof PlayerFilter>;

function checkedFilter(filter: Filter, index: number, forManager: boolean) {
  if (!forManager && MANAGER_COLUMNS.has(filter.column)) throw forbidden(`Searching players by ${filter.column} needs manage_players.`, { permission: 'manage_players' });
  const value = filterValue(filter.column, filter.value);
  if (value !== null && typeof value === 'object' && 'problem' in value) throw fieldError(`filters.${index}.value`, value.problem);
  if (value === null && filter.operator !== '=' && filter.operator !== '!=') throw fieldError(`filters.${index}.value`, 'null compares with = or != only');
  return { ref: refOf(filter.column), operator: filter.operator, value };
}

/** The players a search finds, in its order (ties by id), with their status. */
export async function searchPlayers(db: SchedulingDB, search: z.output<typeof PlayerSearch>, forManager: boolean) {
  if (!forManager && MANAGER_COLUMNS.has(search.orderby)) throw forbidden(`Ordering players by ${search.orderby} needs manage_players.`, { permission: 'manage_players' });
  const filters = (search.filters ?? []).map((filter, index) => checkedFilter(filter, index, forManager));
  let query = playersWithStatus(db);
  for (const { ref, operator, value } of filters) {
    if (value === null) query = query.where(ref, operator === '=' ? 'is' : 'is not', null);
    else query = query.where(ref, operator, value as number);
  }
  query = query.orderBy(refOf(search.orderby), search.orderdesc ? 'desc' : 'asc').orderBy('players.id');
  if (search.limit !== undefined) query = query.limit(search.limit);
  if (search.offset) query = query.offset(search.offset);
  return query.execute();
}
