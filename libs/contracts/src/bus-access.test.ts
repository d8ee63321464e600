// What each NATS user may send, as the operations' callers give it (docs/decisions/bus-security.md).
import { describe, expect, it } from 'vitest';
import { busAccess, busOperations, BUS_USERS } from './bus-access';

const requests = (user: (typeof BUS_USERS)[number]) => busAccess(user, 'airwave', 'AIRWAVE_EVENTS').publish.filter((s) => s.startsWith('airwave.') && !s.startsWith('airwave.events.'));

describe('busAccess', () => {
  it('lets a service send only the internal operations that name it', () => {
    expect(requests('scheduling').sort()).toEqual(['airwave.media.internal.category-songs', 'airwave.media.internal.matches', 'airwave.media.internal.playlist-summaries', 'airwave.media.internal.resolve-playlist', 'airwave.media.internal.resolve-playlists', 'airwave.media.internal.summaries']);
    expect(requests('media')).toEqual(['airwave.scheduling.internal.playlist-usage']);
    expect(requests('modules').sort()).toEqual(['airwave.account.permissions.register', 'airwave.account.permissions.unregister']);
    expect(requests('playout').sort()).toEqual([
      'airwave.media.internal.player-files',
      'airwave.scheduling.internal.alerts.inforce',
      'airwave.scheduling.internal.asrun.append',
      'airwave.scheduling.internal.listeners.snapshot',
      'airwave.scheduling.internal.nowplaying.record',
      'airwave.scheduling.internal.playout.players',
      'airwave.scheduling.internal.playout.rundown',
    ]);
    expect(requests('account')).toEqual([]);
    expect(requests('integrator')).toEqual([]);
  });

  it('names a service among callers only of another service\'s operations, and every caller a process kind', () => {
    for (const op of busOperations()) {
      const owner = op.subject.split('.')[0];
      for (const caller of op.callers ?? []) expect(caller, op.subject).not.toBe(owner);
    }
  });

  it('lets each user read its own inbox only, and services their own subjects', () => {
    for (const user of BUS_USERS) {
      const { subscribe } = busAccess(user, 'station_a', 'STATION_A_EVENTS');
      expect(subscribe, user).toContain(`_INBOX_station_a-${user}.>`);
      expect(subscribe.filter((s) => s.startsWith('_INBOX')), user).toHaveLength(1);
      for (const subject of subscribe.filter((s) => s.startsWith('station_a.'))) {
        expect([`station_a.${user}.>`, 'station_a.events.>', ...(user === 'modules' ? ['station_a.module.>'] : [])], user).toContain(subject);
      }
    }
    expect(busAccess('integrator', 'airwave', 'AIRWAVE_EVENTS').subscribe).toContain('airwave.events.>');
    expect(busAccess('gateway', 'airwave', 'AIRWAVE_EVENTS').subscribe).not.toContain('airwave.events.>');
  });
});
