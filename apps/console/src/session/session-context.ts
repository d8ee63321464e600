import type { operationGroups } from '@airwave/contracts';
import { createContext, useContext } from 'react';
import type { z } from 'zod';

export type AccountSettings = z.output<(typeof operationGroups)['account']['settingsGet']['output']>;

export interface Session {
  user: { id: number; username: string };
  permissions: string[];
  settings: AccountSettings;
  /** Whether the user holds a permission. */
  can(permission: string): boolean;
  logout(): Promise<void>;
  /** Applies saved settings at once (theme, language, font, sidebar). */
  setSettings(settings: AccountSettings): void;
}

export const SessionContext = createContext<Session | null>(null);

/** The logged-in session; only inside the pages shown after login. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a session');
  return session;
}
