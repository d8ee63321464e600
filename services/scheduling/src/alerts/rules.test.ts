// Alerts: who may manage them, the duration an alert keeps, and OB's item_name.
import type { Principal } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { canManageAlerts, itemName, storedDuration } from './rules';

const caller = (...permissions: string[]): Principal => ({ userId: 7, username: 'ops', groupIds: [], permissions, via: 'session' });

describe('canManageAlerts', () => {
  it('takes manage_alerts for every player, or manage_alerts:<id> for that one', () => {
    expect(canManageAlerts(caller('manage_alerts'), 3)).toBe(true);
    expect(canManageAlerts(caller('manage_alerts:3'), 3)).toBe(true);
    expect(canManageAlerts(caller('manage_alerts:4'), 3)).toBe(false);
    expect(canManageAlerts(caller('manage_players'), 3)).toBe(false);
  });
});

describe('storedDuration (OB: alerts_model save)', () => {
  it("keeps no duration for an item with a length of its own, and needs one for an item without (an image)", () => {
    expect(storedDuration({ duration: 12.5 }, 30)).toBeNull();
    expect(storedDuration({ duration: 12.5 }, undefined)).toBeNull();
    expect(storedDuration({ duration: null }, 30)).toBe(30);
    expect(storedDuration({ duration: null }, null)).toMatch(/is required/);
  });
});

describe('itemName', () => {
  it('is "artist - title", the title alone without an artist, null for an item gone', () => {
    expect(itemName({ artist: 'Desk', title: 'Storm' })).toBe('Desk - Storm');
    expect(itemName({ artist: '', title: 'Storm' })).toBe('Storm');
    expect(itemName(undefined)).toBeNull();
  });
});
