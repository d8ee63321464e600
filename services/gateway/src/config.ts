import { z } from '@airwave/config';

export const gatewayConfig = {
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
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 ** 3).default(1024 * 1024).describe('Largest JSON request body, in bytes.'),
};

/** The origins listed in CORS_ORIGINS (none when unset or empty). */
export function corsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}
