// What a save makes of a request (fields left out kept, OB's inheritance rules), a player as
// answered (never its hash; addresses for managers only), station IDs that may air, and when a
// player may be deleted.
import { AirwaveError, PlayerInput } from '@airwave/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertPlayerUnused, inherited, NEW_PLAYER, playerOut, settingsAfter, stationIdsProblem, playoutProblem, type PlayerSettings, type PlayerWithStatus } from './rules';

const input = (fields: Record<string, unknown>) => {
  const { password: _password, ...parsed } = PlayerInput.parse({ name: 'FM', timezone: 'UTC', ...fields });
  return parsed;
};

const stored: PlayerSettings = {
  ...NEW_PLAYER,
  name: 'FM',
  description: 'Old',
  timezone: 'UTC',
  stream_url: 'http://s.example.org/',
  ip_address: '192.0.2.7',
  support_video: false,
  station_ids: [4, 5],
  default_playlist_id: 9,
};

describe('settingsAfter', () => {
  it('gives a new player the defaults, then what was sent', () => {
    expect(settingsAfter(null, input({ station_ids: [3] }))).toEqual({ ...NEW_PLAYER, name: 'FM', description: '', timezone: 'UTC', station_ids: [3] });
  });

  it('keeps on an edit every field left out, but writes name, description and timezone as before', () => {
    expect(settingsAfter(stored, input({ name: 'FM 2' }))).toEqual({ ...stored, name: 'FM 2', description: '' });
    expect(settingsAfter(stored, input({ ip_address: '', station_ids: [], default_playlist_id: '' }))).toEqual({ ...stored, description: '', ip_address: null, station_ids: [], default_playlist_id: null });
    expect(settingsAfter(stored, input({ default_playlist: '12' })).default_playlist_id).toBe(12);
  });

  it('never lets a player inherit without a parent, whatever it sends', () => {
    const sent = fc.record({ use_parent_schedule: fc.boolean(), use_parent_dynamic: fc.boolean(), use_parent_ids: fc.boolean(), use_parent_playlist: fc.boolean(), use_parent_alert: fc.boolean() });
    fc.assert(
      fc.property(sent, (flags) => {
        const after = settingsAfter(stored, input({ ...flags, parent_player_id: '' }));
        expect([after.use_parent_schedule, after.use_parent_dynamic, after.use_parent_ids, after.use_parent_playlist, after.use_parent_alert]).toEqual([false, false, false, false, false]);
        expect(after.station_ids).toEqual(stored.station_ids);
      }),
    );
  });
});

describe('inherited (OB: players_model save)', () => {
  const child = { ...stored, parent_player_id: 2 };
  it("drops a child's own station IDs when it takes its parent's, and its default playlist when it takes that", () => {
    expect(inherited({ ...child, use_parent_ids: true })).toMatchObject({ station_ids: [], default_playlist_id: 9 });
    expect(inherited({ ...child, use_parent_playlist: true })).toMatchObject({ station_ids: [4, 5], default_playlist_id: null });
  });
  it("takes dynamic selections from the parent only with its schedule", () => {
    expect(inherited({ ...child, use_parent_dynamic: true }).use_parent_dynamic).toBe(false);
    expect(inherited({ ...child, use_parent_dynamic: true, use_parent_schedule: true }).use_parent_dynamic).toBe(true);
  });
});

describe('playerOut', () => {
  const row: PlayerWithStatus = {
    id: 3,
    created: new Date(0),
    password_hash: 'scrypt$32768$8$1$c2FsdA==$aGFzaA==',
    source_password_sealed: 'v1.sealed',
    ...(({ station_ids: _ids, ...settings }) => settings)(stored),
    version: '5.3.0',
    last_connect: new Date('2026-11-25T08:00:00Z'),
    last_connect_schedule: null,
    last_connect_emergency: null,
    last_connect_playlog: null,
    last_connect_media: null,
    last_ip_address: '198.51.100.4',
    longitude: 1.5,
    latitude: null,
    show_name: 'Breakfast',
    playlist_id: null,
    playlist_end: null,
    media_id: null,
    media_end: null,
    now_playing_updated: null,
  };

  it('never answers the hash, nor now playing (its own route)', () => {
    const out = playerOut(row, [4, 5], true);
    expect(JSON.stringify(out)).not.toContain('scrypt');
    expect(JSON.stringify(out)).not.toContain('v1.sealed');
    expect(out).toMatchObject({ can_sync: true, has_icecast_source: true, playout: 'external', ip_address: '192.0.2.7', last_ip_address: '198.51.100.4', last_connect: '2026-11-25T08:00:00.000Z', version: '5.3.0', station_ids: [4, 5] });
    expect(out).not.toHaveProperty('show_name');
  });

  it('hides the pin and masks the last address for readers, as OB does', () => {
    const out = playerOut(row, [4, 5], false);
    expect(out).not.toHaveProperty('ip_address');
    expect(out.last_ip_address).toBe('******');
    expect(playerOut({ ...row, last_ip_address: null }, [], false).last_ip_address).toBeNull();
  });

  it('answers a player that never synced with an empty status', () => {
    const never = { ...row, version: null, last_connect: null, last_ip_address: null, longitude: null, password_hash: null };
    expect(playerOut(never, [], true)).toMatchObject({ version: '', last_connect: null, longitude: null, can_sync: false });
  });
});

describe('stationIdsProblem', () => {
  const items = [
    { id: 1, is_approved: true, is_archived: false },
    { id: 2, is_approved: false, is_archived: false },
    { id: 3, is_approved: true, is_archived: true },
  ];
  it('takes existing approved items, each once', () => {
    expect(stationIdsProblem([1], items)).toBeNull();
    expect(stationIdsProblem([], items)).toBeNull();
    expect(stationIdsProblem([1, 1], items)).toBe('media item 1 is listed twice');
    expect(stationIdsProblem([9], items)).toBe('media item 9 does not exist');
    expect(stationIdsProblem([2], items)).toBe('media item 2 is not approved');
    expect(stationIdsProblem([3], items)).toBe('media item 3 is archived');
  });
});

describe('assertPlayerUnused', () => {
  const none = { timeslots: 0, shows: 0, alerts: 0, children: 0 };
  it('lets a player go when nothing depends on it, else 409 with the counts', () => {
    expect(() => assertPlayerUnused(3, none)).not.toThrow();
    for (const counts of [{ ...none, children: 1 }, { ...none, alerts: 2 }, { ...none, shows: 1 }, { ...none, timeslots: 1 }]) {
      let error: unknown;
      try {
        assertPlayerUnused(3, counts);
      } catch (e) {
        error = e;
      }
      expect(AirwaveError.is(error, 'conflict')).toBe(true);
      expect((error as AirwaveError).details).toEqual(counts);
    }
  });
});

describe('playoutProblem', () => {
  const aired = { playout: 'airwave' as const, stream_url: 'http://icecast:8000/fm.mp3' };
  it('lets an external player be anything, and an aired one only with a mount and a source password', () => {
    expect(playoutProblem({ playout: 'external', stream_url: '' }, false)).toBeNull();
    expect(playoutProblem(aired, true)).toBeNull();
    expect(playoutProblem({ ...aired, stream_url: '' }, true)?.field).toBe('stream_url');
    expect(playoutProblem({ ...aired, stream_url: 'http://icecast:8000/' }, true)?.field).toBe('stream_url');
    expect(playoutProblem(aired, false)?.field).toBe('source_password');
  });
});
