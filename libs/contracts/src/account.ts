// Account area: the logged-in user's own session, identity and settings.
import { z } from 'zod';
import { defineOperation } from './operation';
import { Empty, Flag, Id, Nothing } from './common';
import { Email, NewPassword, NewUsername } from './users';
import { documentedInput } from './input-forms';

const tag = 'Account';

export const Username = z.string().trim().min(1, 'is required').max(100);

export const LoginInput = z.object({
  username: Username,
  password: z.string().min(1, 'is required').max(1024),
});
export const LoginResult = z.object({
  id: z.number().int(),
  key: z.string(),
  key_expiry: z.number().int().describe('Unix seconds; slides forward one hour on every use'),
});

export const AccountSettings = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  display_name: z.string(),
  language: z.string().nullable(),
  theme: z.string().nullable(),
  dyslexia_friendly_font: z.boolean(),
  sidebar_display_left: z.boolean(),
  created: z.string(),
  last_access: z.string().nullable(),
});

export const account = {
  login: defineOperation({
    subject: 'account.login',
    input: LoginInput,
    output: LoginResult,
    auth: 'none',
    http: {
      method: 'POST',
      path: '/account/login',
      summary: 'Log in with username and password',
      tag,
      description:
        'Repeated failures slow further attempts down (429 with Retry-After) for that account from that address and for that address; other addresses are not held back. When the account has two-factor sign-in on, the right password answers 401 with `data.details` `{ "two_factor_required": true, "ticket": "…", "ticket_expiry": <Unix seconds> }`: send the ticket and a code to `POST /api/v2/account/login/two-factor`.',
    },
    successMessage: 'Logged in.',
  }),
  logout: defineOperation({
    subject: 'account.logout',
    input: Empty,
    output: Nothing,
    auth: 'user',
    http: { method: 'POST', path: '/account/logout', summary: 'End the current session', tag },
    successMessage: 'Logged out.',
  }),
  uid: defineOperation({
    subject: 'account.uid',
    input: Empty,
    output: z.object({ id: z.number().int(), username: z.string() }),
    auth: 'user',
    http: { method: 'GET', path: '/account/uid', summary: 'Id and username of the logged-in user', tag },
  }),
  permissions: defineOperation({
    subject: 'account.permissions',
    input: Empty,
    output: z.array(z.string()),
    auth: 'user',
    http: { method: 'GET', path: '/account/permissions', summary: 'Permissions of the logged-in user', tag },
  }),
  groups: defineOperation({
    subject: 'account.groups',
    input: Empty,
    output: z.array(z.string()),
    auth: 'user',
    http: { method: 'GET', path: '/account/groups', summary: 'Group names of the logged-in user', tag },
  }),
  settingsGet: defineOperation({
    subject: 'account.settings.get',
    input: Empty,
    output: AccountSettings,
    auth: 'user',
    http: { method: 'GET', path: '/account/settings', summary: 'Settings of the logged-in user, sensitive fields omitted', tag },
  }),
  /** Internal: rebuilds the cached principal of a user for the gateway (after a cache miss). */
  principal: defineOperation({
    subject: 'account.principal',
    input: z.object({ userId: z.number().int().positive() }),
    output: z.object({
      userId: z.number().int(),
      username: z.string(),
      groupIds: z.array(z.number().int()),
      permissions: z.array(z.string()),
    }).nullable(),
    auth: 'none',
  }),
};

/** One endpoint an app key may call: `[method, path]`, the path under /api/v2 (`*` matches one
 * segment, a trailing `/**` any rest; `{id}` or `:id` match one segment). */
export const AppKeyEndpoint = z.tuple([
  z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  z.string().regex(/^\/[A-Za-z0-9_\-{}:*./]{0,200}$/, 'must be a path under /api/v2 such as /media/search'),
]);
export type AppKeyEndpoint = z.infer<typeof AppKeyEndpoint>;

export const AppKeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(AppKeyEndpoint),
  created: z.string(),
  last_access: z.string().nullable(),
});

/** OpenBroadcaster's settings form sends an empty password for "unchanged". */
const emptyIsUnchanged = (v: unknown) => (v === '' ? undefined : v);

const PasswordChange = {
  password: documentedInput(z.preprocess(emptyIsUnchanged, NewPassword.optional()), z.union([z.literal(''), NewPassword]).optional()),
  password_again: documentedInput(z.preprocess(emptyIsUnchanged, z.string().max(1024).optional()), z.string().max(1024).optional()),
  /** Asked with a new password: a session left open, or stolen, cannot take the account over. */
  current_password: documentedInput(z.preprocess(emptyIsUnchanged, z.string().max(1024).optional()), z.string().max(1024).optional()),
};

export const SettingsUpdate = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    email: Email.optional(),
    display_name: z.string().trim().min(1).max(200).optional(),
    language: z.string().trim().regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en or pt-BR').nullable().optional(),
    theme: z.string().trim().regex(/^[A-Za-z0-9_-]{1,50}$/, 'must be a theme name').nullable().optional(),
    dyslexia_friendly_font: Flag.optional(),
    sidebar_display_left: Flag.optional(),
    ...PasswordChange,
  })
  .refine((v) => v.password === undefined || v.password === v.password_again, { message: 'must match password', path: ['password_again'] })
  .refine((v) => v.password === undefined || v.current_password !== undefined, { message: 'is required to set a new password', path: ['current_password'] });

export const STORE_VALUE_MAX_BYTES = 64 * 1024;
export const STORE_MAX_ENTRIES = 200;
export const StoreName = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be 1–100 letters, digits, dots, dashes or underscores');

export const accountMore = {
  settingsUpdate: defineOperation({
    subject: 'account.settings.update',
    input: SettingsUpdate,
    output: AccountSettings,
    auth: 'user',
    http: { method: 'PUT', path: '/account/settings', summary: 'Update the logged-in user\'s settings (partial)', tag },
    successMessage: 'Settings saved.',
  }),
  keyList: defineOperation({
    subject: 'account.key.list',
    input: Empty,
    output: z.array(AppKeyInfo),
    auth: 'user',
    permission: 'manage_appkeys',
    appKeys: false,
    http: { method: 'GET', path: '/account/key', summary: 'List own app keys (without secrets)', tag },
  }),
  keyCreate: defineOperation({
    subject: 'account.key.create',
    // OpenBroadcaster's clients may create a key without a name: it is then called "App key".
    input: z.object({
      name: documentedInput(
        z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 'App key' : v), z.string().trim().min(1).max(100)),
        z.string().max(100).nullable().optional().describe('Default (also when empty or null): "App key"'),
      ),
      permissions: z.array(AppKeyEndpoint).max(200).default([]),
    }),
    output: z.object({ id: z.number().int(), name: z.string(), key: z.string(), permissions: z.array(AppKeyEndpoint) }),
    auth: 'user',
    permission: 'manage_appkeys',
    appKeys: false,
    http: { method: 'POST', path: '/account/key', summary: 'Create an app key; its secret is returned only now', tag, creates: true },
    successMessage: 'App key created.',
  }),
  keyUpdate: defineOperation({
    subject: 'account.key.update',
    input: z.object({ id: Id, permissions: z.array(AppKeyEndpoint).max(200), name: z.string().trim().min(1).max(100).optional() }),
    output: AppKeyInfo,
    auth: 'user',
    permission: 'manage_appkeys',
    appKeys: false,
    http: { method: 'PUT', path: '/account/key/:id', summary: 'Set an app key\'s permissions', tag },
    successMessage: 'App key saved.',
  }),
  keyDelete: defineOperation({
    subject: 'account.key.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_appkeys',
    appKeys: false,
    http: { method: 'DELETE', path: '/account/key/:id', summary: 'Delete an app key', tag },
    successMessage: 'App key deleted.',
  }),
  /** Internal: the gateway resolves `Bearer base64(id):key` through this. */
  keyAuthenticate: defineOperation({
    subject: 'account.key.authenticate',
    input: z.object({ id: z.number().int().positive(), key: z.string().min(1).max(200) }),
    output: z
      .object({
        profile: z.object({ userId: z.number().int(), username: z.string(), groupIds: z.array(z.number().int()), permissions: z.array(z.string()) }),
        endpoints: z.array(AppKeyEndpoint),
      })
      .nullable(),
    auth: 'none',
  }),
  registrationOpen: defineOperation({
    subject: 'account.registration.open',
    input: Empty,
    output: z.boolean(),
    auth: 'none',
    http: { method: 'GET', path: '/account/can-register', summary: 'Whether anyone may create an account (self-registration is enabled); no login needed', tag },
  }),
  register: defineOperation({
    subject: 'account.register',
    input: z.object({ name: z.string().trim().min(1).max(200), email: Email, username: NewUsername }),
    output: Nothing,
    auth: 'none',
    http: { method: 'POST', path: '/account/new', summary: 'Register a new account (when registration is enabled)', tag },
    successMessage: 'Account created. Check your email for a link to set your password.',
  }),
  forgot: defineOperation({
    subject: 'account.forgot',
    input: z.object({ email: z.string().trim().min(1).max(254) }),
    output: Nothing,
    auth: 'none',
    http: { method: 'POST', path: '/account/forgot', summary: 'Send a password reset link (same reply whether or not the address exists)', tag },
    successMessage: 'If an account uses that address, a password reset link has been sent to it.',
  }),
  reset: defineOperation({
    subject: 'account.reset',
    input: z
      .object({ token: z.string().min(1).max(200), password: NewPassword, password_again: z.string().max(1024) })
      .refine((v) => v.password === v.password_again, { message: 'must match password', path: ['password_again'] }),
    output: Nothing,
    auth: 'none',
    http: { method: 'POST', path: '/account/reset', summary: 'Set a new password with a reset or welcome token', tag },
    successMessage: 'Password set. You can log in now.',
  }),
  storeGet: defineOperation({
    subject: 'account.store.get',
    input: z.object({ name: StoreName }),
    output: z.string().nullable(),
    auth: 'user',
    http: { method: 'GET', path: '/account/store/:name', summary: 'A stored client value of the logged-in user (null when unset)', tag },
  }),
  storePut: defineOperation({
    subject: 'account.store.put',
    input: z.object({ name: StoreName, value: z.string() }),
    output: Nothing,
    auth: 'user',
    http: { method: 'PUT', path: '/account/store/:name', summary: `Store a client value (at most ${STORE_VALUE_MAX_BYTES} bytes)`, tag },
    successMessage: 'Saved.',
  }),
  storeAll: defineOperation({
    subject: 'account.store.all',
    input: Empty,
    output: z.record(z.string(), z.string()),
    auth: 'user',
    http: { method: 'GET', path: '/account/store', summary: 'Every stored client value of the logged-in user', tag },
  }),
};
