// Who airs a player and in what state, in plain words (docs/console.md, Players): OB Player's last
// contact, or what GET /playout/status says of an Airwave-aired player (on air on which replica
// since when, not yet, or why this server airs nothing), and where a live show's source client
// connects (the player's harbor).
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { displayLocale } from '../lib/locale';
import type { Player } from './player-types';

/** GET /playout/status with when the console read it (Unix ms): a lease is live if it expires later. */
export type PlayoutStatus = z.output<(typeof operationGroups)['playout']['status']['output']> & { read_at: number };
type Harbor = PlayoutStatus['players'][number]['harbor'];

const when = (instant: string) => new Date(instant).toLocaleString(displayLocale());

/** The lease of `player` in the status, if a replica holds (or held) it. */
export const leaseOf = (status: PlayoutStatus | null, playerId: number) => status?.players.find((p) => p.player_id === playerId) ?? null;

/** One sentence: who airs the player and its state; `status` null when not read (no manage_players). */
export function airWords(player: Pick<Player, 'id' | 'playout' | 'last_connect'>, status: PlayoutStatus | null): string {
  if (player.playout === 'external')
    return player.last_connect ? i18n.t('OB Player: last contact {{when}}', { when: when(player.last_connect) }) : i18n.t('OB Player: never connected');
  if (!status) return i18n.t('Aired by Airwave');
  const lease = leaseOf(status, player.id);
  if (lease && Date.parse(lease.expires_at) > status.read_at) return i18n.t('On air, aired by {{replica}} since {{when}}', { replica: lease.holder, when: when(lease.since) });
  if (lease) return i18n.t('Not on air: {{replica}} stopped renewing its lease at {{when}}', { replica: lease.holder, when: when(lease.expires_at) });
  if (!status.enabled) return i18n.t('Not on air: {{reason}}', { reason: status.reason ?? '' });
  return i18n.t('Not on air yet: no replica has taken it (one takes a player within seconds of its save)');
}

/**
 * The harbor of an Airwave-aired player: the lease's when a replica airs it, else this replica's
 * settings (the host then unknown when it listens on every address); null when nothing airs here.
 */
export function harborOf(playerId: number, status: PlayoutStatus | null): (Omit<Harbor, 'host'> & { host: string | null }) | null {
  const lease = leaseOf(status, playerId);
  if (lease) return lease.harbor;
  const settings = status?.harbor;
  if (!settings) return null;
  const everywhere = settings.bind === '0.0.0.0' || settings.bind === '::';
  return { host: everywhere ? null : settings.bind, port: settings.port_base + playerId, mount: settings.mount, this_host_only: settings.this_host_only };
}

/** Where a source client (BUTT, Mixxx…) connects for the player's live shows, and with which password. */
export function harborWords(harbor: NonNullable<ReturnType<typeof harborOf>>): string {
  const where = harbor.host
    ? i18n.t('host {{host}}, port {{port}}, mount {{mount}}', { host: harbor.host, port: harbor.port, mount: harbor.mount })
    : i18n.t('the host that airs it, port {{port}}, mount {{mount}}', { port: harbor.port, mount: harbor.mount });
  const connect = i18n.t("Live source client (BUTT, Mixxx…): {{where}}, user source, password: the live show's own, else this player's Icecast source password.", { where });
  return harbor.this_host_only ? `${connect} ${i18n.t('On this server only: PLAYOUT_HARBOR_BIND is a loopback address, so only a source client on the server that airs it reaches it.')}` : connect;
}
