// What every area of the service is handed: its database, the bus, the session store, the mailer,
// the outbox, the login throttle, the box sealing two-factor secrets and the settings it reads.
import type { Bus } from '@airwave/bus';
import type { PrincipalProfile } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import type { SessionStore } from '@airwave/sessions';
import type { SecretBox, ServiceEvents } from '@airwave/service-kit';
import type { LoginThrottle, ThrottleNumbers } from '../login/throttle';
import type { AccountDB } from '../schema';
import type { Mailer } from './mailer';

export interface AccountConfig {
  publicUrl: string;
  resetTtlMs: number;
  /** The login throttle's numbers (docs/decisions/accounts.md, "Login throttling"). */
  throttle: ThrottleNumbers;
  auditRetentionDays: number;
}

export interface AccountContext {
  db: AccountDB;
  bus: Bus;
  sessions: SessionStore;
  logger: Logger;
  mailer: Mailer;
  config: AccountConfig;
  events: ServiceEvents;
  throttle: LoginThrottle;
  /** Seals two-factor secrets; null when this server has no encryption key (two-factor unavailable). */
  secrets: SecretBox | null;
  /** Rebuilds the cached principal of a user (after a change of groups or permissions). */
  refreshProfile(userId: number): Promise<PrincipalProfile | null>;
  /** Rebuilds every cached principal (after the permission catalogue changes). */
  refreshAllProfiles(): Promise<void>;
}
