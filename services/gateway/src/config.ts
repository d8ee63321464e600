import { z } from '@airwave/config';

export const gatewayConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).describe('HTTP port of the gateway.'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address the gateway listens on (0.0.0.0 in containers).'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 ** 3).default(512 * 1024 ** 2).describe('Largest media upload, in bytes (413 past it).'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 ** 3).default(1024 * 1024).describe('Largest JSON request body, in bytes.'),
};
