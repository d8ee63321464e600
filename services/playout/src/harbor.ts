// Where a live show's source client connects (docs/playout.md, "A live show's source password"):
// player N's harbor listens on PLAYOUT_HARBOR_PORT_BASE + N, mount /live, on PLAYOUT_HARBOR_BIND
// of the replica that airs it. Replicas are configured alike, so any replica answers for all.
import type { Harbor } from '@airwave/contracts';

/** The mount every harbor input takes sources on. */
export const HARBOR_MOUNT = '/live';

export interface HarborSetting {
  portBase: number;
  bind: string;
}

/** Whether `bind` is a loopback address: only sources on the same host reach it. */
export const loopback = (bind: string): boolean => bind === 'localhost' || bind === '::1' || bind.startsWith('127.');

/** Whether `bind` is every address of the host. */
const everyAddress = (bind: string): boolean => bind === '0.0.0.0' || bind === '::' || bind === '[::]';

/** The host part of a lease holder, `<host>:<pid>:<random>` (index.ts), or the whole name. */
export const holderHost = (holder: string): string => holder.split(':')[0] || holder;

/** The harbor of `playerId` as aired by `holder`. */
export function harborOf(setting: HarborSetting, playerId: number, holder: string): Harbor {
  return {
    host: everyAddress(setting.bind) ? holderHost(holder) : setting.bind,
    port: setting.portBase + playerId,
    mount: HARBOR_MOUNT,
    this_host_only: loopback(setting.bind),
  };
}
