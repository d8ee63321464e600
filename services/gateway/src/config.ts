import { isIP } from 'node:net';
import { optionalChecked, z } from '@airwave/config';
import { gatewayKeyProblem } from '@airwave/service-kit';

export const gatewayConfig = {
  AIRWAVE_GATEWAY_KEY: optionalChecked(gatewayKeyProblem)
        .describe(
      "The gateway's Ed25519 private key (32 bytes, base64), sealing the caller's principal on every bus request; only the gateway holds it, the services get AIRWAVE_GATEWAY_PUBLIC_KEY (docs/decisions/bus-security.md). Required by the gateway process; the embedded default makes its own pair.",
    ),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('HTTP port of the gateway.'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address the gateway listens on (0.0.0.0 in containers).'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 ** 3).default(512 * 1024 ** 2).describe('Largest media upload, in bytes (413 past it).'),
  CORS_ORIGINS: z
    .string()
    .optional()
    .refine(
      (value) => corsOrigins(value).every((origin) => /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)),
      'must be origins separated by commas, e.g. https://studio.example.org,http://localhost:3000',
    )
    .describe('Origins whose web pages may call the API from a browser (CORS), separated by commas. Unset: none.'),
  CONSOLE_DIR: z.string().optional().describe("Directory of the built station console, served at / (default: the repository's apps/console/dist)."),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 ** 3).default(1024 * 1024).describe('Largest JSON request body, in bytes.'),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .refine(
      (value) => trustedProxies(value).every(isProxyEntry),
      'must be addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal), e.g. 10.0.0.0/8,127.0.0.1',
    )
    .describe(
      'Reverse proxies in front of the gateway whose X-Forwarded-For is believed: addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal). The client address is then the last one in X-Forwarded-For that is not a trusted proxy. Unset: none; the address is the connection\'s and X-Forwarded-For is ignored.',
    ),
};

/** The origins listed in CORS_ORIGINS (none when unset or empty). */
export function corsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

/** The proxies listed in TRUSTED_PROXIES (none when unset or empty). */
export function trustedProxies(value: string | undefined): string[] {
  return corsOrigins(value);
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
