import { describe, expect, it } from 'vitest';
import { readAccountEnv } from './config';

describe('the account settings', () => {
  it("defaults PUBLIC_URL to this machine at the server's PORT", () => {
    expect(readAccountEnv({ PORT: '9090' }).PUBLIC_URL).toBe('http://127.0.0.1:9090');
    expect(readAccountEnv({}).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    // A port chosen at start (0) is not known here: the usual default.
    expect(readAccountEnv({ PORT: '0' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(readAccountEnv({ PORT: '9090', PUBLIC_URL: 'https://radio.example.org' }).PUBLIC_URL).toBe('https://radio.example.org');
    expect(readAccountEnv({ PORT: '9090', PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://127.0.0.1:9090');
  });
});
