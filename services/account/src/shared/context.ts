// What every area of the service is handed: its database, the bus, the session store, the mailer,
// the outbox and the settings it reads.
import type { Bus } from '@airwave/bus';
import type { PrincipalProfile } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import type { SessionStore } from '@airwave/sessions';
import type { ServiceEvents } from '@airwave/service-kit';
import type { AccountDB } from '../schema';
import type { Mailer } from './mailer';

export interface AccountConfig {
  publicUrl: string;
  resetTtlMs: number;
  /** Login attempts per username per 15 minutes before a lockout. */
  loginMaxAttempts: number;
  /** Login attempts per client address per 15 minutes. */
  loginMaxAttemptsPerAddress: number;
}

export interface AccountContext {
  db: AccountDB;
  bus: Bus;
  sessions: SessionStore;
  logger: Logger;
  mailer: Mailer;
  config: AccountConfig;
  events: ServiceEvents;
  /** Rebuilds the cached principal of a user (after a change of groups or permissions). */
  refreshProfile(userId: number): Promise<PrincipalProfile | null>;
  /** Rebuilds every cached principal (after the permission catalogue changes). */
  refreshAllProfiles(): Promise<void>;
}
