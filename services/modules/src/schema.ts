import type { ColumnType, Kysely } from 'kysely';

export interface ModulesSchema {
  installed: {
    name: string;
    version: string;
    /** 'installing' while migrations run (a claim other replicas respect), then 'installed'. */
    state: 'installing' | 'installed';
    installed_at: ColumnType<Date, Date | undefined, Date>;
  };
}

export type ModulesDB = Kysely<ModulesSchema>;
