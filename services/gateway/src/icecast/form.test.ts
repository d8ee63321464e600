// Icecast's listener_add and listener_remove forms read as listener events.
import { describe, expect, it } from 'vitest';
import { listenerEvent } from './form';

const AT = Date.UTC(2027, 0, 1, 12);
const form = { server: 'radio.example', port: '8000', client: '17', mount: '/live.mp3', user: '', pass: '', ip: '203.0.113.9', agent: 'VLC/3.0.20' };

describe('listenerEvent', () => {
  it('reads a connect and a disconnect with how long it lasted', () => {
    expect(listenerEvent({ ...form, action: 'listener_add' }, AT)).toEqual({ kind: 'add', mount: '/live.mp3', client: '17', ip: '203.0.113.9', agent: 'VLC/3.0.20', at: AT });
    expect(listenerEvent({ ...form, action: 'listener_remove', duration: '754' }, AT)).toEqual({ kind: 'remove', mount: '/live.mp3', client: '17', ip: '203.0.113.9', agent: 'VLC/3.0.20', at: AT, seconds: 754 });
    expect(listenerEvent({ ...form, action: 'listener_remove' }, AT)).toMatchObject({ seconds: null });
  });

  it('refuses what is not a listener event', () => {
    expect(listenerEvent({ ...form, action: 'mount_add' }, AT)).toEqual({ problem: 'action must be listener_add or listener_remove' });
    expect(listenerEvent({ ...form, action: 'listener_add', mount: 'live' }, AT)).toHaveProperty('problem');
    expect(listenerEvent({ ...form, action: 'listener_add', client: 'x1' }, AT)).toHaveProperty('problem');
  });

  it('keeps a field to 1 KiB', () => {
    const event = listenerEvent({ ...form, action: 'listener_add', agent: 'A'.repeat(10_000) }, AT);
    expect('agent' in event && event.agent.length).toBe(1024);
  });
});
