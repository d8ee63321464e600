import type { ColumnType, Generated, Kysely } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, Date>;

export interface ModulesSchema {
  installed: {
    name: string;
    version: string;
    /** 'installing' while migrations run (a claim other replicas respect), then 'installed'. */
    state: 'installing' | 'installed';
    installed_at: CreatedAt;
  };
  webhooks: {
    id: Generated<number>;
    url: string;
    /** Event types or patterns (`media.item.*`, `scheduling.>`). */
    event_types: string[];
    description: string;
    enabled: boolean;
    created_by: number | null;
    created_at: CreatedAt;
    updated_at: CreatedAt;
    /** The signing secret, sealed (AIRWAVE_ENCRYPTION_KEY) for `webhook:<id>`. */
    secret_sealed: string;
    /** The secret before the last rotation, still signing until previous_secret_until. */
    previous_secret_sealed: string | null;
    previous_secret_until: Date | null;
    secret_rotated_at: Date | null;
  };
  webhook_deliveries: {
    id: Generated<number>;
    webhook_id: number;
    event_id: string;
    event_type: string;
    /** The JSON body exactly as sent (the event's frame), so every attempt signs the same bytes. */
    body: string;
    status: 'pending' | 'delivered' | 'failed';
    attempts: ColumnType<number, number | undefined, number>;
    last_status_code: number | null;
    last_error: string | null;
    created_at: CreatedAt;
    /** Retries stop a retry window (WEBHOOK_RETRY_HOURS) after this: the first attempt, or a manual retry. */
    window_start: CreatedAt;
    last_attempt_at: Date | null;
    /** Due time while pending (moved ahead while an attempt is in flight); null once settled. */
    next_attempt_at: Date | null;
    delivered_at: Date | null;
  };
}

export type ModulesDB = Kysely<ModulesSchema>;
