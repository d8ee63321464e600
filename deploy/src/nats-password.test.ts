// NATS_PASSWORD as every process reads it: of the form the NATS server reads as written from its
// environment (a letter first: libs/bus/src/nats-passwords.test.ts shows a digit-first one misread),
// so that a Secret or a .env with another is refused at start, naming the rule, not left retrying.
import { newNatsPassword } from '@airwave/bus';
import { commonConfig, ConfigError, parseConfig, z } from '@airwave/config';
import { describe, expect, it } from 'vitest';

describe('NATS_PASSWORD, as every process reads it', () => {
  const read = (value: string) => parseConfig(z.object({ NATS_PASSWORD: commonConfig.NATS_PASSWORD }), { NATS_PASSWORD: value });

  it('takes a letter and at least 15 letters or digits', () => {
    const password = newNatsPassword();
    expect(read(password).NATS_PASSWORD).toBe(password);
    expect(read('Abcdefghijklmnop').NATS_PASSWORD).toBe('Abcdefghijklmnop');
  });

  it('refuses at start what NATS would misread or what is too short, naming the rule', () => {
    for (const bad of ['12e5a0b1c2d3e4f5a6b7', '0123456789abcdef0123', 'n-with-dashes-0123456', 'short1']) {
      expect(() => read(bad), bad).toThrow(ConfigError);
      expect(() => read(bad), bad).toThrow(/NATS_PASSWORD.*letter/);
    }
  });
});
