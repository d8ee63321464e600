// Account area: the logged-in user's own session, identity and settings.
import { z } from 'zod';
import { defineOperation } from './operation';
import { Empty, Nothing } from './common';

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
    http: { method: 'POST', path: '/account/login', summary: 'Log in with username and password', tag },
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
