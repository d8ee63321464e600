// Users area (administration of users and groups; "a separate users area" in the interface).
import { z } from 'zod';
import { defineOperation } from './operation';

const tag = 'Users';

export const NewUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/, 'must be 2–64 letters, digits, dots, dashes or underscores, starting with a letter or digit');
export const Email = z.string().trim().max(254).pipe(z.email('must be a valid email address'));
/** A permission name, optionally scoped to one record: `manage_timeslots` or `manage_timeslots:3`. */
export const PermissionName = z.string().regex(/^[a-z][a-z0-9_]{1,63}(:[1-9][0-9]{0,9})?$/, 'must be a permission name, optionally with :<id>');
export const NewPassword = z.string().min(8, 'must be at least 8 characters').max(1024);

export const users = {
  create: defineOperation({
    subject: 'account.users.create',
    input: z.object({
      username: NewUsername,
      password: NewPassword,
      name: z.string().trim().max(200).default(''),
      email: z.union([Email, z.literal('')]).default(''),
      display_name: z.string().trim().max(200).optional(),
      group_ids: z.array(z.coerce.number().int().positive()).max(100).default([2]),
    }),
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'POST', path: '/users', summary: 'Create a user', tag },
    successMessage: 'User created.',
  }),
  groupCreate: defineOperation({
    subject: 'account.groups.create',
    input: z.object({
      name: z.string().trim().min(1).max(100),
      description: z.string().trim().max(1000).default(''),
      permissions: z.array(PermissionName).max(500).default([]),
    }),
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission: 'manage_users',
    http: { method: 'POST', path: '/users/groups', summary: 'Create a group with permissions', tag },
    successMessage: 'Group created.',
  }),
};
