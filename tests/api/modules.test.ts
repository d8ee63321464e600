// Modules through the gateway: list, install, uninstall, purge, errors, and module routes
// appearing and disappearing (also on a second gateway replica, in the distributed run).
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';

const root = resolve(import.meta.dirname, '..', '..');
const MODULES_DIR = `${resolve(root, 'modules')}:${resolve(root, 'tests', 'fixtures', 'modules')}`;

type ModuleList = { installed: { name: string; version: string }[]; available: { name: string; dir: string; error: string | null }[] };

describe.each(modes)('modules (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let plain: string;
  beforeAll(async () => {
    system = await startTestSystem(mode, { MODULES_DIR });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    await system.api.post('/users', { key: admin, body: { username: 'plainmod', password: 'plainmod-password' } });
    plain = (await system.api.login('plainmod', 'plainmod-password')).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  const list = async () => (await system.api.get<ModuleList>('/modules', { key: admin })).body.data;

  it('lists the available modules, with the reason a broken one cannot be installed', async () => {
    const modules = await list();
    expect(modules.installed).toEqual([]);
    const names = modules.available.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['notes', 'playlog', 'broken', 'failing']));
    expect(modules.available.find((m) => m.name === 'broken')?.error).toMatch(/Invalid manifest: version/);
    expect(modules.available.find((m) => m.name === 'notes')?.error).toBeNull();
    // Each module's folder, as OpenBroadcaster's list names it: a name, never a path on the server.
    for (const module of modules.available) expect(module.dir, module.name).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(modules.available.find((m) => m.name === 'notes')?.dir).toBe('notes');
  });

  it('needs manage_modules', async () => {
    expect((await system.api.get('/modules', { key: plain })).status).toBe(403);
    expect((await system.api.put('/modules/notes', { key: plain })).status).toBe(403);
    expect((await list()).installed).toEqual([]);
  });

  it('installs a module: its routes and permissions appear, and the reply asks for a refresh', async () => {
    expect((await system.api.get('/notes', { key: admin })).status).toBe(404);
    const installed = await system.api.put('/modules/notes', { key: admin, body: {} });
    expect(installed.status, installed.text).toBe(200);
    expect(installed.body.data).toEqual({ name: 'notes', refresh_required: true });
    expect(installed.body.msg).toMatch(/Refresh/);
    expect((await list()).installed.map((m) => m.name)).toEqual(['notes']);
    expect((await system.api.get<string[]>('/account/permissions', { key: admin })).body.data).toContain('notes_write');

    const note = await system.api.post<{ id: number; text: string }>('/notes', { key: admin, body: { text: 'Mic 2 crackles, use mic 1.' } });
    expect(note.status, note.text).toBe(200);
    expect((await system.api.get<{ text: string }[]>('/notes', { key: admin })).body.data.map((n) => n.text)).toEqual(['Mic 2 crackles, use mic 1.']);
    // The module's permission is checked like any other.
    expect((await system.api.post('/notes', { key: plain, body: { text: 'x' } })).status).toBe(403);
    expect((await system.api.post('/notes', { key: admin, body: { text: '' } })).status).toBe(400);
    // And documented while installed.
    const doc = (await (await fetch(`${system.url}/api/v2/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/api/v2/notes']).toBeDefined();
    expect((await system.api.put('/modules/notes', { key: admin })).status).toBe(409);
  });

  it('uninstalls: routes and permissions disappear, data stays', async () => {
    const removed = await system.api.delete('/modules/notes', { key: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ name: 'notes', refresh_required: true });
    expect((await system.api.get('/notes', { key: admin })).status).toBe(404);
    expect((await system.api.get<string[]>('/account/permissions', { key: admin })).body.data).not.toContain('notes_write');
    expect((await system.api.delete('/modules/notes', { key: admin })).status).toBe(409);
    await system.api.put('/modules/notes', { key: admin });
    expect((await system.api.get<unknown[]>('/notes', { key: admin })).body.data).toHaveLength(1);
  });

  it('purges: uninstalls and drops the data', async () => {
    const purged = await system.api.delete('/modules/purge/notes', { key: admin });
    expect(purged.status).toBe(200);
    expect(purged.body.data).toEqual({ name: 'notes', refresh_required: true });
    expect((await system.api.get('/notes', { key: admin })).status).toBe(404);
    await system.api.put('/modules/notes', { key: admin });
    expect((await system.api.get<unknown[]>('/notes', { key: admin })).body.data).toEqual([]);
    // Purging a module that is not installed still drops its data.
    await system.api.post('/notes', { key: admin, body: { text: 'again' } });
    await system.api.delete('/modules/notes', { key: admin });
    expect((await system.api.delete('/modules/purge/notes', { key: admin })).status).toBe(200);
  });

  it('refuses unknown, invalid and failing modules and leaves them as they were', async () => {
    const unknown = await system.api.put('/modules/nonesuch', { key: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe(false);
    const broken = await system.api.put('/modules/broken', { key: admin });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/Invalid manifest/);
    const failing = await system.api.put('/modules/failing', { key: admin });
    expect(failing.status).toBe(400);
    expect(failing.body.msg).toMatch(/0002_fails/);
    const modules = await list();
    expect(modules.installed.map((m) => m.name)).not.toContain('failing');
    expect((await system.api.get<string[]>('/account/permissions', { key: admin })).body.data).not.toContain('failing_use');
    expect((await system.api.delete('/modules/purge/nonesuch', { key: admin })).status).toBe(404);
  });

  it('runs the play log module end to end', async () => {
    expect((await system.api.put('/modules/playlog', { key: admin })).status).toBe(200);
    const reported = await system.api.post('/playlog/entries', {
      key: admin,
      body: { player_id: 1, media_id: 7, title: 'Song', artist: 'Band', started_at: '2026-11-20T08:00:00+01:00', duration: 215.5 },
    });
    expect(reported.status, reported.text).toBe(200);
    const found = await system.api.get<{ title: string; started_at: string }[]>('/playlog/entries', {
      key: admin,
      query: { player_id: 1, start: '2026-11-20T00:00:00Z', end: '2026-11-21T00:00:00Z' },
    });
    expect(found.body.data).toEqual([expect.objectContaining({ title: 'Song', started_at: '2026-11-20T07:00:00.000Z' })]);
    const badWindow = await system.api.get('/playlog/entries', { key: admin, query: { start: '2026-11-21T00:00:00Z', end: '2026-11-20T00:00:00Z' } });
    expect(badWindow.status).toBe(400);
  });
});
