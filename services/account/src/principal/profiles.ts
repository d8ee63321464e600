// The principal the gateway reads from the session store (user, groups, permissions), kept in
// line with the tables.
import type { PrincipalProfile } from '@airwave/contracts';
import type { SessionStore } from '@airwave/sessions';
import type { AccountDB } from '../schema';
import { allUserIds, loadProfile } from './queries';

export interface Profiles {
  /** Rebuilds the principal the gateway reads from the session store. */
  refreshProfile(userId: number): Promise<PrincipalProfile | null>;
  /** After the catalogue changes, every cached principal is rebuilt (admins hold everything). */
  refreshAllProfiles(): Promise<void>;
}

export function cachedProfiles(db: AccountDB, sessions: SessionStore): Profiles {
  async function refreshProfile(userId: number): Promise<PrincipalProfile | null> {
    const profile = await loadProfile(db, userId);
    if (profile) await sessions.setProfile(profile);
    else await sessions.deleteProfile(userId);
    return profile;
  }
  async function refreshAllProfiles(): Promise<void> {
    for (const id of await allUserIds(db)) await refreshProfile(id);
  }
  return { refreshProfile, refreshAllProfiles };
}
