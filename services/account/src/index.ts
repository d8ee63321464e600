// The account service: users, groups, permissions, sessions, app keys, registration and recovery,
// two-factor sign-in and the audit trail. One folder per area, each with its handlers (the bus
// edge), rules (pure) and queries (Kysely):
//
//   login/        sessions: login in one or two steps, throttled without lockouts; logout
//   two-factor/   TOTP: enrolment, recovery codes, turning it off; what administrators require
//   self/         the logged-in user: who they are, their groups, their own settings
//   store/        values a client stores on its account
//   users/        administration of users; the first admin on an empty database
//   groups/       administration of groups and what they grant
//   permissions/  the permission catalogue, extended by modules
//   app-keys/     keys for programs, and who a presented key acts for
//   recovery/     self-registration (and its switch) and password reset by mailed link
//   principal/    the principal the gateway reads, kept in line with the tables
//   audit/        the trail of security events, followed on the bus, and reading it
//
// Shared: shared/ (context, rate limits, row mappers, passwords, mail, the secret box and its key,
// security events), schema.ts, migrations/.
import { bindHealth, loadSecretBox, type ServiceDefinition } from '@airwave/service-kit';
import { join } from 'node:path';
import { bindAppKeys } from './app-keys/handlers';
import { followAudit } from './audit/follow';
import { bindAudit } from './audit/handlers';
import { handlerConfig, readAccountEnv } from './config';
import { bindGroups } from './groups/handlers';
import { bindLogin } from './login/handlers';
import { loginThrottle } from './login/throttle';
import { accountMigrations } from './migrations';
import { bindPermissions } from './permissions/handlers';
import { bindPrincipal } from './principal/handlers';
import { cachedProfiles } from './principal/profiles';
import { bindRecovery } from './recovery/handlers';
import type { AccountDB } from './schema';
import { bindSelf } from './self/handlers';
import type { AccountContext } from './shared/context';
import { createMailer } from './shared/mailer';
import { bindStore } from './store/handlers';
import { bindTwoFactorAdmin } from './two-factor/admin-handlers';
import { bindTwoFactor } from './two-factor/handlers';
import { ensureAdmin } from './users/first-admin';
import { bindUsers } from './users/handlers';
import { bindDirectory } from './directory/handlers';

export { accountConfig } from './config';
export { accountMigrations } from './migrations';
export { hashPassword, verifyPassword } from './shared/passwords';

const areas = [bindLogin, bindTwoFactor, bindTwoFactorAdmin, bindSelf, bindStore, bindUsers, bindDirectory, bindGroups, bindPermissions, bindAppKeys, bindRecovery, bindPrincipal, bindAudit, followAudit];

export const accountService: ServiceDefinition = {
  name: 'account',
  schema: 'account',
  migrations: accountMigrations,
  async start({ db: anyDb, database, bus, sessions, logger, env, embedded, events }) {
    const db = anyDb as AccountDB;
    const config = readAccountEnv(env);
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox'), logger });
    const settings = handlerConfig(config);
    const secrets = await loadSecretBox({ configured: config.AIRWAVE_ENCRYPTION_KEY, embedded, dataDir: config.DATA_DIR, sealing: 'two-factor secrets', without: 'two-factor sign-in is unavailable (enrolling answers 503)' }, logger);
    const throttle = loginThrottle(sessions, settings.throttle);
    const ctx: AccountContext = { db, bus, sessions, logger, mailer, config: settings, events, throttle, secrets, ...cachedProfiles(db, sessions) };

    await ensureAdmin(db, env, embedded, logger);

    const subscriptions = (await Promise.all([bindHealth(bus, 'account', database), ...areas.map((bind) => bind(ctx))])).flat();

    return {
      async stop() {
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
        mailer.close();
      },
    };
  },
};
