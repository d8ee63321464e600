// Who may manage a player's timeslots, and read others'.
import type { Principal } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { canManageTimeslots, mayListTimeslots } from './rules';

const caller = (...permissions: string[]): Principal => ({ userId: 7, username: 'dj', groupIds: [], permissions, via: 'session' });

describe('canManageTimeslots', () => {
  it('takes manage_timeslots for every player, or manage_timeslots:<id> for that one', () => {
    expect(canManageTimeslots(caller('manage_timeslots'), 3)).toBe(true);
    expect(canManageTimeslots(caller('manage_timeslots:3'), 3)).toBe(true);
    expect(canManageTimeslots(caller('manage_timeslots:4'), 3)).toBe(false);
    expect(canManageTimeslots(caller(), 3)).toBe(false);
  });
});

describe('mayListTimeslots', () => {
  it('lets anyone read their own', () => {
    expect(mayListTimeslots(caller(), 7, undefined)).toBe(true);
    expect(mayListTimeslots(caller(), 7, 3)).toBe(true);
  });

  it("needs manage_timeslots for the player asked about to read others'", () => {
    expect(mayListTimeslots(caller('manage_timeslots:3'), 8, 3)).toBe(true);
    expect(mayListTimeslots(caller('manage_timeslots:3'), undefined, 3)).toBe(true);
    expect(mayListTimeslots(caller('manage_timeslots:4'), 8, 3)).toBe(false);
  });

  it('needs manage_timeslots for every player without a player', () => {
    expect(mayListTimeslots(caller('manage_timeslots'), undefined, undefined)).toBe(true);
    expect(mayListTimeslots(caller('manage_timeslots:3'), undefined, undefined)).toBe(false);
  });
});
