// The monitor's rules: who may read it, an as-run row as answered, OB's CSV, and a page that fits
// one bus message.
import type { Principal } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { asRunOut, canViewMonitor, fitToReply, monitorCsv } from './rules';

const caller = (...permissions: string[]): Principal => ({ userId: 7, username: 'ops', groupIds: [], permissions, via: 'session' });
const row = { id: '12', player_id: 3, media_id: 5, artist: 'A, "B"', title: 'Line\nbreak', played_at: '1795593600.8770473', context: 'show', emerg_id: 0, notes: '', ended_at: null, show_name: null };
const ended = { ...row, ended_at: '1795593781.5', show_name: 'Breakfast, live' };

describe('canViewMonitor', () => {
  it('takes view_player_monitor for every player, or view_player_monitor:<id> for that one', () => {
    expect(canViewMonitor(caller('view_player_monitor'), 3)).toBe(true);
    expect(canViewMonitor(caller('view_player_monitor:3'), 3)).toBe(true);
    expect(canViewMonitor(caller('view_player_monitor:30'), 3)).toBe(false);
    expect(canViewMonitor(caller('manage_players'), 3)).toBe(false);
  });
});

describe('asRunOut', () => {
  it("answers the start in the player's zone to the millisecond, and as the player sent it", () => {
    expect(asRunOut(row, 'America/New_York')).toMatchObject({ id: 12, timestamp: '2026-11-25T03:00:00.877-05:00', datetime: '2026-11-25 03:00:00', unix_timestamp: '1795593600.8770473' });
  });

  it("answers the end in the player's zone, or null when the player gave none (OB Player's playlog)", () => {
    expect(asRunOut(row, 'UTC')).toMatchObject({ end_timestamp: null, end_unix_timestamp: null, end_datetime: null });
    expect(asRunOut(ended, 'America/New_York')).toMatchObject({ end_timestamp: '2026-11-25T03:03:01.500-05:00', end_unix_timestamp: '1795593781.5', end_datetime: '2026-11-25 03:03:01' });
  });
});

describe('monitorCsv', () => {
  it("writes OB's header and columns, then the end and the show (empty when unknown), quoting as RFC 4180 says", () => {
    expect(monitorCsv([asRunOut(row, 'UTC')])).toBe('Media ID,Artist,Title,Date/Time,Context,Notes,End Date/Time,Show\r\n5,"A, ""B""","Line\nbreak",2026-11-25 08:00:00,show,,,\r\n');
    expect(monitorCsv([asRunOut(ended, 'UTC')]).split('\r\n')[1]).toBe('5,"A, ""B""","Line\nbreak",2026-11-25 08:00:00,show,,2026-11-25 08:03:01,"Breakfast, live"');
    expect(monitorCsv([])).toBe('Media ID,Artist,Title,Date/Time,Context,Notes,End Date/Time,Show\r\n');
  });
});

describe('fitToReply', () => {
  it('keeps every row that fits, and cuts a page short where the next would pass the budget', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ i, text: 'x'.repeat(90) }));
    const size = Buffer.byteLength(JSON.stringify(rows[0])) + 1;
    expect(fitToReply(rows, size * 10)).toHaveLength(10);
    expect(fitToReply(rows, size * 4 + 3)).toHaveLength(4);
    expect(fitToReply(rows, 0)).toHaveLength(0);
  });
});
