import { parseConfig, z } from '@airwave/config';
import { describe, expect, it } from 'vitest';
import { appKeyAllows } from './appkeys';
import { corsOrigins, gatewayConfig } from './config';
import { readCredentials } from './credentials';

describe('readCredentials', () => {
  const none = { cookies: {}, fields: {} };
  it('reads a session key from the Authorization header', () => {
    expect(readCredentials({ ...none, authorization: 'Bearer abc' })).toEqual({ kind: 'session', key: 'abc' });
  });
  it('reads an app key as base64(id):key', () => {
    const token = `${Buffer.from('12').toString('base64')}:secret`;
    expect(readCredentials({ ...none, authorization: `Bearer ${token}` })).toEqual({ kind: 'appkey', keyId: 12, key: 'secret' });
  });
  it('treats a malformed header as malformed, never as absent', () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', `Bearer ${Buffer.from('x').toString('base64')}:k`, `Bearer ${Buffer.from('0').toString('base64')}:k`]) {
      expect(readCredentials({ ...none, authorization: header })).toEqual({ kind: 'malformed' });
    }
  });
  it('reads cookies and i/k fields, with the user id when valid', () => {
    expect(readCredentials({ cookies: { ob_auth_id: '4', ob_auth_key: 'k' }, fields: {} })).toEqual({ kind: 'session', key: 'k', userId: 4 });
    expect(readCredentials({ cookies: {}, fields: { i: 5, k: 'k' } })).toEqual({ kind: 'session', key: 'k', userId: 5 });
    expect(readCredentials({ cookies: {}, fields: { i: 'x', k: 'k' } })).toEqual({ kind: 'session', key: 'k' });
    expect(readCredentials({ cookies: {}, fields: { k: 7 } })).toBeNull();
  });
  it("reads OpenBroadcaster's X-Auth-ID and X-Auth-Key headers, before every other form", () => {
    expect(readCredentials({ ...none, xAuthId: '4', xAuthKey: 'k' })).toEqual({ kind: 'session', key: 'k', userId: 4 });
    expect(readCredentials({ ...none, xAuthKey: 'k' })).toEqual({ kind: 'session', key: 'k' });
    expect(readCredentials({ xAuthId: '4', xAuthKey: 'x', authorization: 'Bearer h', cookies: { ob_auth_key: 'c' }, fields: { k: 'f' } })).toMatchObject({ key: 'x' });
    for (const headers of [{ xAuthId: '4' }, { xAuthKey: '' }, { xAuthKey: 'a b' }, { xAuthId: 'x', xAuthKey: 'k' }, { xAuthId: '0', xAuthKey: 'k' }, { xAuthKey: ['k', 'k'] }]) {
      expect(readCredentials({ ...none, ...headers }), JSON.stringify(headers)).toEqual({ kind: 'malformed' });
    }
  });
  it('prefers the header over cookies over fields', () => {
    expect(readCredentials({ authorization: 'Bearer h', cookies: { ob_auth_key: 'c' }, fields: { k: 'f' } })).toMatchObject({ key: 'h' });
    expect(readCredentials({ cookies: { ob_auth_key: 'c' }, fields: { k: 'f' } })).toMatchObject({ key: 'c' });
  });
  it('reads the cookies lazily: not at all when the header carries the key', () => {
    let reads = 0;
    const jar = () => {
      reads += 1;
      return { ob_auth_id: '3', ob_auth_key: 'c' };
    };
    expect(readCredentials({ authorization: 'Bearer h', cookies: jar, fields: {} })).toMatchObject({ key: 'h' });
    expect(reads).toBe(0);
    expect(readCredentials({ cookies: jar, fields: { k: 'f' } })).toEqual({ kind: 'session', key: 'c', userId: 3 });
    expect(reads).toBe(1);
  });
});

describe('appKeyAllows', () => {
  const endpoints = [
    ['GET', '/media/search'],
    ['GET', '/media/{id}'],
    ['PUT', '/timeslots/*'],
    ['GET', '/shows/**'],
  ] as const;
  it('allows listed endpoints only, by method and path', () => {
    expect(appKeyAllows(endpoints, 'GET', '/media/search')).toBe(true);
    expect(appKeyAllows(endpoints, 'get', '/media/search/')).toBe(true);
    expect(appKeyAllows(endpoints, 'POST', '/media/search')).toBe(false);
    expect(appKeyAllows(endpoints, 'GET', '/account/settings')).toBe(false);
    expect(appKeyAllows(endpoints, 'GET', '/media/12')).toBe(true);
    expect(appKeyAllows(endpoints, 'GET', '/media/12/extra')).toBe(false);
    expect(appKeyAllows(endpoints, 'PUT', '/timeslots/3')).toBe(true);
    expect(appKeyAllows(endpoints, 'PUT', '/timeslots')).toBe(false);
    expect(appKeyAllows(endpoints, 'GET', '/shows/1/thumbnail')).toBe(true);
    expect(appKeyAllows([], 'GET', '/media/search')).toBe(false);
  });
});

describe('CORS_ORIGINS', () => {
  const schema = z.object(gatewayConfig);
  it('reads a comma list of origins; unset or empty means none', () => {
    expect(corsOrigins(parseConfig(schema, { CORS_ORIGINS: 'https://studio.example.org, http://localhost:3000' }).CORS_ORIGINS)).toEqual(['https://studio.example.org', 'http://localhost:3000']);
    expect(corsOrigins(parseConfig(schema, {}).CORS_ORIGINS)).toEqual([]);
    expect(corsOrigins(parseConfig(schema, { CORS_ORIGINS: '' }).CORS_ORIGINS)).toEqual([]);
  });
  it('refuses anything that is not an origin, naming the variable', () => {
    for (const value of ['*', 'studio.example.org', 'https://studio.example.org/app', 'ftp://x.org', 'https://a.org,*']) {
      expect(() => parseConfig(schema, { CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS/);
    }
  });
});
