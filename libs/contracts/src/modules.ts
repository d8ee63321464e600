// Modules: folders with a manifest and code that add permissions, tables (in schema
// `module_<name>`), bus handlers and routes under /api/v2/<name>/…
import { z } from 'zod';
import { defineOperation } from './operation';
import { Empty } from './common';

const tag = 'Modules';

export const ModuleName = z.string().regex(/^[a-z][a-z0-9_]{1,30}$/, 'must be 2–31 lowercase letters, digits or underscores, starting with a letter');

export const ModuleManifest = z.object({
  name: ModuleName,
  version: z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'must be a semantic version such as 1.0.0'),
  description: z.string().min(1).max(500),
  permissions: z
    .array(z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/), description: z.string().min(1).max(300) }))
    .max(50)
    .default([]),
});
export type ModuleManifest = z.infer<typeof ModuleManifest>;

export const ModuleInfo = z.object({
  name: z.string(),
  /** The module's folder under MODULES_DIR, as OpenBroadcaster's module list names it (never a full path). */
  dir: z.string(),
  version: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  installed_at: z.string().nullable(),
  /** Why the module cannot be installed (invalid manifest or code), if so. */
  error: z.string().nullable(),
});

const RefreshReply = z.object({ name: z.string(), refresh_required: z.literal(true) });

export const modules = {
  list: defineOperation({
    subject: 'modules.list',
    input: Empty,
    output: z.object({ installed: z.array(ModuleInfo), available: z.array(ModuleInfo) }),
    auth: 'user',
    permission: 'manage_modules',
    http: { method: 'GET', path: '/modules', summary: 'Installed and available modules', tag },
  }),
  install: defineOperation({
    subject: 'modules.install',
    input: z.object({ name: z.string().min(1).max(100) }),
    output: RefreshReply,
    auth: 'user',
    permission: 'manage_modules',
    http: { method: 'PUT', path: '/modules/:name', summary: 'Install a module (runs its migrations, adds its permissions and routes)', tag },
    successMessage: 'Module installed. Refresh the page to see it.',
  }),
  uninstall: defineOperation({
    subject: 'modules.uninstall',
    input: z.object({ name: z.string().min(1).max(100) }),
    output: RefreshReply,
    auth: 'user',
    permission: 'manage_modules',
    http: { method: 'DELETE', path: '/modules/:name', summary: 'Uninstall a module (its data stays)', tag },
    successMessage: 'Module uninstalled. Refresh the page.',
  }),
  purge: defineOperation({
    subject: 'modules.purge',
    input: z.object({ name: z.string().min(1).max(100) }),
    output: RefreshReply,
    auth: 'user',
    permission: 'manage_modules',
    http: { method: 'DELETE', path: '/modules/purge/:name', summary: 'Uninstall a module and drop its data', tag },
    successMessage: 'Module purged. Refresh the page.',
  }),
  /** Internal: names of installed modules (gateways and modules replicas sync from it). */
  active: defineOperation({
    subject: 'modules.internal.active',
    input: Empty,
    output: z.array(z.string()),
    auth: 'none',
  }),
};
