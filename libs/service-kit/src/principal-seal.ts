// The principal a service acts for, sealed by the gateway (docs/decisions/bus-security.md): the
// gateway signs who is calling and for which operation (a JWS, EdDSA with Ed25519, with jose), with
// a private key only the gateway holds; every service checks the signature with the public key.
// Anything else on the bus can still send requests (NATS permissions narrow who may send what), but
// no one without the gateway's key can make a service act as a user.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { AirwaveError, Principal } from '@airwave/contracts';
import { jwtVerify, SignJWT } from 'jose';

/** The bus header carrying the sealed principal of a request. */
export const PRINCIPAL_HEADER = 'x-airwave-principal';

/** How long a seal holds: long enough for the longest request, short enough that one read off the bus soon means nothing. */
export const SEAL_LIFETIME_S = 120;
/** A cached seal is used again while it holds at least this much longer (the longest bus deadline). */
const SEAL_REUSE_MARGIN_S = 60;
/** Clocks of the gateway's and a service's hosts may differ this much. */
const CLOCK_TOLERANCE_S = 30;
/** Seals kept for reuse, and opened seals remembered, at most (then the cache starts over). */
const CACHE_LIMIT = 5000;

const ALGORITHM = 'EdDSA';
const ISSUER = 'airwave-gateway';
// DER headers of an Ed25519 private key (PKCS #8) and public key (SPKI): the raw 32 bytes follow.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

export interface PrincipalSealer {
  /** A seal of `principal` for one operation's subject (unprefixed, as the bus API names it). */
  seal(subject: string, principal: Principal): Promise<string>;
}

export interface PrincipalOpener {
  /**
   * The principal a seal holds for `subject`; AirwaveError('unauthenticated') when it is missing,
   * forged, expired or for another operation. An internal operation (`<service>.internal.…`) takes
   * the seal of the request a service is handling when it hands the caller on (a show's save asks
   * the media service for the item as that user sees it): the seal must hold, for any operation.
   */
  open(subject: string, seal: string | undefined): Promise<Principal>;
}

/** An operation only services call, never the gateway's routes: `media.internal.summaries`. */
export const isInternalSubject = (subject: string) => subject.split('.')[1] === 'internal';

/** 32 raw bytes from base64 or base64url, or null when the text is not that. */
function rawKey(text: string): Buffer | null {
  const bytes = Buffer.from(text.trim().replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Why a key's text is not an Ed25519 key's 32 bytes in base64, or null when it is. */
export function gatewayKeyProblem(text: string): string | null {
  return rawKey(text) ? null : 'must be 32 bytes in base64 (docs/decisions/bus-security.md says how to make the pair)';
}

export function privateKeyFrom(text: string): KeyObject {
  const raw = rawKey(text);
  if (!raw) throw new Error(`The gateway's key ${gatewayKeyProblem(text)}`);
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, raw]), format: 'der', type: 'pkcs8' });
}

export function publicKeyFrom(text: string): KeyObject {
  const raw = rawKey(text);
  if (!raw) throw new Error(`The gateway's public key ${gatewayKeyProblem(text)}`);
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
}

/** A new pair as the configuration takes it: the private key's 32 bytes and the public key's, base64. */
export function newGatewayKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64'),
  };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Keeps at most CACHE_LIMIT entries: when full it starts over (seals are cheap to make again). */
class BoundedCache<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    if (this.size >= CACHE_LIMIT) this.clear();
    return super.set(key, value);
  }
}

/** The gateway's sealer. A seal is reused for the same principal and subject while it holds long enough. */
export function principalSealer(privateKey: KeyObject): PrincipalSealer {
  const made = new BoundedCache<{ seal: string; expires: number }>();
  return {
    async seal(subject, principal) {
      const cacheKey = `${subject}\n${JSON.stringify(principal)}`;
      const now = nowSeconds();
      const cached = made.get(cacheKey);
      if (cached && cached.expires - now >= SEAL_REUSE_MARGIN_S) return cached.seal;
      const expires = now + SEAL_LIFETIME_S;
      const seal = await new SignJWT({ principal })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setAudience(subject)
        .setIssuedAt(now)
        .setExpirationTime(expires)
        .sign(privateKey);
      made.set(cacheKey, { seal, expires });
      return seal;
    },
  };
}

const refused = (why: string) => new AirwaveError('unauthenticated', `This request's principal is not sealed by the gateway: ${why}.`);

/** A service's opener: checks the gateway's signature, the operation and the lifetime. */
export function principalOpener(publicKey: KeyObject): PrincipalOpener {
  const opened = new BoundedCache<{ subject: string; principal: Principal; expires: number }>();
  return {
    async open(subject, seal) {
      if (!seal) throw refused('no seal');
      const handedOn = isInternalSubject(subject);
      const known = opened.get(seal);
      if (known && (handedOn || known.subject === subject) && known.expires + CLOCK_TOLERANCE_S > nowSeconds()) return known.principal;
      let payload;
      try {
        ({ payload } = await jwtVerify(seal, publicKey, { algorithms: [ALGORITHM], issuer: ISSUER, ...(handedOn ? {} : { audience: subject }), clockTolerance: CLOCK_TOLERANCE_S, requiredClaims: ['exp', 'aud'] }));
      } catch (error) {
        throw refused((error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'the seal has expired' : 'the seal does not hold for this operation');
      }
      const principal = Principal.safeParse(payload.principal);
      if (!principal.success) throw refused('the seal holds no principal');
      opened.set(seal, { subject: String(payload.aud), principal: principal.data, expires: payload.exp! });
      return principal.data;
    },
  };
}

/**
 * The sealer and opener of a process that holds the gateway and the services together (the
 * embedded default, or all services in one process): the configured private key's, or else a pair
 * made for this process alone.
 */
export function processSeals(privateKeyText: string | undefined): { sealer: PrincipalSealer; opener: PrincipalOpener } {
  const privateKey = privateKeyText ? privateKeyFrom(privateKeyText) : generateKeyPairSync('ed25519').privateKey;
  return { sealer: principalSealer(privateKey), opener: principalOpener(createPublicKey(privateKey)) };
}
