// Self-registration, password recovery and the one-time tokens they mail out.
import { createHash, randomBytes } from 'node:crypto';
import { accountMore, AirwaveError, badRequest, conflict, forbidden } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import { sql } from 'kysely';
import { checkPasswordAgainstUsername, clientAddress, isUniqueViolation, limit, type AccountContext } from './context';
import { hashPassword } from './passwords';
import { USERS_GROUP_ID } from './schema';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const WELCOME_TTL_MS = 72 * 60 * 60 * 1000;

export async function registrationEnabled(ctx: AccountContext): Promise<boolean> {
  const row = await ctx.db.selectFrom('settings').select('value').where('name', '=', 'can_register').executeTakeFirst();
  return row?.value === true;
}

async function issueToken(ctx: AccountContext, userId: number, purpose: 'reset' | 'welcome'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('tokens')
    .values({ user_id: userId, purpose, token_hash: hashToken(token), expires_at: new Date(Date.now() + (purpose === 'reset' ? ctx.config.resetTtlMs : WELCOME_TTL_MS)) })
    .execute();
  return token;
}

const link = (ctx: AccountContext, token: string) => `${ctx.config.publicUrl.replace(/\/$/, '')}/account/reset?token=${token}`;

export function bindRecovery(ctx: AccountContext) {
  const { db, bus, sessions, logger, mailer } = ctx;
  return Promise.all([
    bindOperation(bus, accountMore.register, async ({ name, email, username }, { headers, trace }) => {
      await limit(sessions, `register:${clientAddress(headers)}`, 10, 3600, 'Too many registrations from this address; try again later.');
      if (!(await registrationEnabled(ctx))) throw forbidden('Registration is disabled on this server. Ask an administrator for an account.');
      let userId: number;
      try {
        userId = await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({ username, email, name, display_name: name, password_hash: null })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.insertInto('user_groups').values({ user_id: user.id, group_id: USERS_GROUP_ID }).execute();
          await ctx.events.record(trx, 'account.user.created', { id: user.id, username }, null);
          return user.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That username or email address is already in use.');
        throw error;
      }
      ctx.events.kick();
      const token = await issueToken(ctx, userId, 'welcome');
      await mailer.send({
        to: email,
        subject: 'Welcome to Airwave: set your password',
        text: `Hello ${name},\n\nAn Airwave account "${username}" was created for this address. Set its password here (the link works once, for 72 hours):\n\n${link(ctx, token)}\n\nIf you did not ask for this, ignore this message.\n`,
      }, trace);
      logger.info({ ...trace, userId, username }, 'Account registered');
      return null;
    }),
    bindOperation(bus, accountMore.forgot, async ({ email }, { headers, trace }) => {
      await limit(sessions, `forgot:${clientAddress(headers)}`, 20, 3600, 'Too many password reset requests from this address; try again later.');
      // Per-address limits above; per-account limits below are silent, so the reply never tells
      // whether the address belongs to an account.
      const work = (async () => {
        const user = await db
          .selectFrom('users')
          .select(['id', 'username', 'email'])
          .where(sql<string>`lower(email)`, '=', email.toLowerCase())
          .where('email', '<>', '')
          .where('enabled', '=', true)
          .executeTakeFirst();
        if (!user) return;
        const { count } = await sessions.hit(`forgot-user:${user.id}`, 3600);
        if (count > 3) return;
        const token = await issueToken(ctx, user.id, 'reset');
        await mailer.send({
          to: user.email,
          subject: 'Airwave password reset',
          text: `Someone asked to reset the password of the Airwave account "${user.username}".\n\nSet a new password here (the link works once, for one hour):\n\n${link(ctx, token)}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
        }, trace);
      })();
      // Answer without waiting for the lookup and the mail, so the timing says nothing either.
      work.catch((error: unknown) => logger.error({ ...trace, err: error }, 'Password reset mail failed'));
      return null;
    }),
    bindOperation(bus, accountMore.reset, async ({ token, password }, { headers, trace }) => {
      await limit(sessions, `reset:${clientAddress(headers)}`, 30, 3600, 'Too many attempts from this address; try again later.');
      const userId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('tokens')
          .innerJoin('users', 'users.id', 'tokens.user_id')
          .select(['tokens.id', 'tokens.user_id', 'tokens.expires_at', 'tokens.used_at', 'users.username', 'users.enabled'])
          .where('token_hash', '=', hashToken(token))
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.used_at || row.expires_at.getTime() < Date.now() || !row.enabled) {
          throw new AirwaveError('bad_request', 'This link is invalid, already used or expired. Ask for a new one.');
        }
        const weak = checkPasswordAgainstUsername(password, row.username);
        if (weak) throw badRequest(`Invalid input: password: ${weak}`);
        await trx.updateTable('users').set({ password_hash: await hashPassword(password) }).where('id', '=', row.user_id).execute();
        // This token and every other outstanding token of the user stop working.
        await trx.updateTable('tokens').set({ used_at: new Date() }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
        return row.user_id;
      });
      await sessions.destroyAllForUser(userId);
      logger.info({ ...trace, userId }, 'Password set with a one-time token; all sessions ended');
      return null;
    }),
  ]);
}

