// A service acts for a user only on a principal the gateway sealed for that operation: forged,
// altered, expired, misdirected or unsealed principals are refused before any handler runs.
import { createInProcessBus } from '@airwave/bus';
import { AirwaveError, mediaInternal, type Principal } from '@airwave/contracts';
import { SignJWT } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newGatewayKeyPair, PRINCIPAL_HEADER, principalOpener, principalSealer, privateKeyFrom, processSeals, publicKeyFrom } from './principal-seal';
import { bindOperation, callOperation } from './operations';
import { sealCheckingBus, sealingBus } from './sealed-bus';

const admin: Principal = { userId: 1, username: 'admin', groupIds: [1], permissions: ['manage_users'], via: 'session', sessionId: 's1' };
const presenter: Principal = { userId: 7, username: 'presenter', groupIds: [3], permissions: [], via: 'session' };

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AirwaveError);
  expect((error as AirwaveError).code).toBe('unauthenticated');
  return (error as AirwaveError).message;
}

describe('principal seals', () => {
  it('open to the principal sealed, for the subject sealed only', async () => {
    const { sealer, opener } = processSeals(undefined);
    const seal = await sealer.seal('account.key.create', admin);
    expect(await opener.open('account.key.create', seal)).toEqual(admin);
    expect(await refusal(opener.open('account.users.list', seal))).toMatch(/does not hold for this operation/);
  });

  it("open at an internal operation for any operation's request a service hands its caller on from", async () => {
    const { sealer, opener } = processSeals(undefined);
    const seal = await sealer.seal('scheduling.alert.save', presenter);
    expect(await opener.open('media.internal.summaries', seal)).toEqual(presenter);
    expect(await refusal(opener.open('media.search', seal))).toMatch(/does not hold/);
    const forged = await processSeals(undefined).sealer.seal('scheduling.alert.save', admin);
    await refusal(opener.open('media.internal.summaries', forged));
  });

  it('are refused when missing, made with another key, or altered', async () => {
    const ours = processSeals(undefined);
    const theirs = processSeals(undefined);
    expect(await refusal(ours.opener.open('media.search', undefined))).toMatch(/no seal/);
    const forged = await theirs.sealer.seal('media.search', admin);
    await refusal(ours.opener.open('media.search', forged));
    // The principal swapped for another in a real seal: the signature no longer holds.
    const real = await ours.sealer.seal('media.search', presenter);
    const [header, , signature] = real.split('.');
    const body = Buffer.from(JSON.stringify({ principal: admin, aud: 'media.search', iss: 'airwave-gateway', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    await refusal(ours.opener.open('media.search', `${header}.${body}.${signature}`));
    // An unsigned token ("alg": "none") is no seal.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    await refusal(ours.opener.open('media.search', none));
  });

  it('are refused once expired, and without an expiry', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const opener = principalOpener(publicKey);
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ principal: admin }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('airwave-gateway').setAudience('media.search').setExpirationTime(now - 120).sign(privateKey);
    expect(await refusal(opener.open('media.search', old))).toMatch(/expired/);
    const forever = await new SignJWT({ principal: admin }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('airwave-gateway').setAudience('media.search').sign(privateKey);
    await refusal(opener.open('media.search', forever));
  });

  it('are made from the configured pair, and a key that is not 32 bytes is refused', async () => {
    const pair = newGatewayKeyPair();
    const sealer = principalSealer(privateKeyFrom(pair.privateKey));
    const opener = principalOpener(publicKeyFrom(pair.publicKey));
    expect(await opener.open('media.search', await sealer.seal('media.search', presenter))).toEqual(presenter);
    // base64url is taken as well as base64
    expect(() => publicKeyFrom(Buffer.from(pair.publicKey, 'base64').toString('base64url'))).not.toThrow();
    expect(() => privateKeyFrom('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});

describe('the sealed bus', () => {
  it('hands a handler the sealed principal, and refuses a principal written by the sender', async () => {
    const bus = createInProcessBus({ prefix: `seal-${Math.random().toString(36).slice(2)}` });
    const { sealer, opener } = processSeals(undefined);
    const seen: unknown[] = [];
    await sealCheckingBus(bus, opener).handle('account.key.create', (request) => {
      seen.push((request.data as { principal: unknown }).principal);
      return 'made';
    });
    // Through the gateway's bus: sealed, answered.
    expect(await sealingBus(bus, sealer).request('account.key.create', { input: {}, principal: admin })).toBe('made');
    // Straight onto the bus, with a principal of the sender's own writing: refused, the handler never runs.
    await refusal(bus.request('account.key.create', { input: {}, principal: admin }));
    // A real seal of a lesser principal, sent with an admin written in the message: the seal wins.
    const presenterSeal = await sealer.seal('account.key.create', presenter);
    expect(await bus.request('account.key.create', { input: {}, principal: admin }, { headers: { [PRINCIPAL_HEADER]: presenterSeal } })).toBe('made');
    // No principal at all (an internal request): reaches the handler as it came.
    expect(await bus.request('account.key.create', { input: {}, principal: null })).toBe('made');
    expect(seen).toEqual([admin, presenter, null]);
    await bus.drain();
  });

  it("hands the request's seal on when a service calls an internal operation for its caller", async () => {
    const bus = createInProcessBus({ prefix: `seal-${Math.random().toString(36).slice(2)}` });
    const { sealer, opener } = processSeals(undefined);
    const services = sealCheckingBus(bus, opener);
    const seen: unknown[] = [];
    await bindOperation(services, mediaInternal.summaries, (_input, call) => {
      seen.push(call.principal);
      return [];
    });
    await services.handle('scheduling.alert.save', async (request) => {
      const { principal } = request.data as { principal: Principal };
      return callOperation(services, mediaInternal.summaries, { ids: [1] }, { principal, within: request });
    });
    await sealingBus(bus, sealer).request('scheduling.alert.save', { input: {}, principal: presenter });
    expect(seen).toEqual([presenter]);
    await bus.drain();
  });
});
