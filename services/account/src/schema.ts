import type { ColumnType, Generated, Kysely } from 'kysely';

export interface UserTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  display_name: string;
  password_hash: string | null;
  language: string | null;
  theme: string | null;
  dyslexia_friendly_font: Generated<boolean>;
  sidebar_display_left: Generated<boolean>;
  enabled: Generated<boolean>;
  created: ColumnType<Date, Date | string | undefined, never>;
  last_access: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface GroupTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
}

export interface PermissionTable {
  name: string;
  category: string;
  description: string;
}

export interface GroupPermissionTable {
  group_id: number;
  permission: string;
}

export interface UserGroupTable {
  user_id: number;
  group_id: number;
}

export interface AppKeyTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  key_hash: string;
  permissions: ColumnType<[string, string][], string, string>;
  created: ColumnType<Date, Date | string | undefined, never>;
  last_access: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface TokenTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset' | 'welcome';
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface StoreTable {
  user_id: number;
  name: string;
  value: string;
}

export interface SettingTable {
  name: string;
  value: ColumnType<unknown, string, string>;
}

/** A user's TOTP secret (sealed, @airwave/service-kit secret-box.ts): pending until confirmed (enabled_at). */
export interface TwoFactorTable {
  user_id: number;
  secret: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last time step whose code was accepted: no code of it or before is accepted again. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the code's canonical form. */
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One entry of the audit trail: a security event as it was published (its id is the event's). */
export interface AuditTable {
  id: string;
  type: string;
  occurred_at: ColumnType<Date, Date | string, never>;
  user_id: number | null;
  username: string | null;
  actor_id: number | null;
  actor_username: string | null;
  address: string | null;
  request_id: string | null;
  details: ColumnType<Record<string, unknown>, string, never>;
}

export interface AccountSchema {
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodeTable;
  audit: AuditTable;
  app_keys: AppKeyTable;
  tokens: TokenTable;
  store: StoreTable;
  settings: SettingTable;
  users: UserTable;
  groups: GroupTable;
  permissions: PermissionTable;
  group_permissions: GroupPermissionTable;
  user_groups: UserGroupTable;
}

export type AccountDB = Kysely<AccountSchema>;

/** Group 1 holds every permission, including those added later by services and modules. */
export const ADMIN_GROUP_ID = 1;
export const USERS_GROUP_ID = 2;
