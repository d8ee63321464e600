import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signDelivery } from './signature';

// The example of the Standard Webhooks specification (its README, "Verifying signatures").
const specExample = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('webhook signatures', () => {
  it("signs the specification's example as the specification does", () => {
    const headers = signDelivery([specExample.secret], specExample.id, new Date(specExample.timestamp * 1000), specExample.body);
    expect(headers).toEqual({ 'webhook-id': specExample.id, 'webhook-timestamp': String(specExample.timestamp), 'webhook-signature': specExample.signature });
  });

  it('carries one signature per secret, space-separated', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const at = new Date();
    const both = signDelivery([a, b], 'evt', at, '{}')['webhook-signature'].split(' ');
    expect(both).toEqual([signDelivery([a], 'evt', at, '{}')['webhook-signature'], signDelivery([b], 'evt', at, '{}')['webhook-signature']]);
  });

  it('makes secrets of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    const mac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update('x.1.{}').digest('base64');
    expect(signDelivery([secret], 'x', new Date(1000), '{}')['webhook-signature']).toBe(`v1,${mac}`);
  });
});
