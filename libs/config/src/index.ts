// Configuration comes from environment variables, validated by zod. A bad value stops the process
// with a message naming the variable, what was wrong and what is expected.
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An optional URL with one of the given schemes; an empty value (`SMTP_URL=` in a compose file) is unset. */
export const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url('must be a URL')
      .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`)
      .optional(),
  );

const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(min).max(max).default(fallback));

/** Variables every process reads. Descriptions feed the README's configuration reference. */
/** An optional setting whose value `problemOf` checks (a key's length and encoding): its answer, when not null, is the error. */
export const optionalChecked = (problemOf: (value: string) => string | null) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : problemOf(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const commonConfig = {
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']).describe('PostgreSQL connection URL. Unset: embedded PGlite under DATA_DIR.'),
  DATABASE_TCP_CONNECT_TIMEOUT_MS: int(1000, 100, 30_000).describe("How long opening a TCP connection to PostgreSQL may take before it is given up, in milliseconds (the whole connect with authentication has 5 s). A server whose address does not answer (its container or node away) would otherwise hold the pool's connections, and the first queries after its return behind them (docs/reliability.md)."),
  NATS_URL: optionalUrl(['nats', 'tls']).describe('NATS server URL(s). Unset: the in-process bus (embedded default only).'),
  NATS_PASSWORD: z
    .string()
    // The NATS server reads the same password from its environment as a config value: one that
    // begins with a digit can become a number there (12e5…), and the user could never connect.
    .regex(/^[A-Za-z][A-Za-z0-9]{15,}$/, 'must be a letter followed by at least 15 letters or digits (the NATS server reads its passwords from its environment as config values: one that begins with a digit can turn into a number); make one with `echo "n$(openssl rand -hex 24)"`')
    .optional()
    .describe("The password of this process's NATS user, `<BUS_PREFIX>-<kind>` (airwave-gateway, airwave-media, ...), whose subject permissions the NATS server holds (docs/decisions/bus-security.md; compose and Kubernetes: AIRWAVE_NATS_<KIND>_PASSWORD from .env or the Secret). Unset: no credentials, for a NATS without authorization (development, one process)."),
  REDIS_URL: optionalUrl(['redis', 'rediss']).describe('Redis URL for sessions. Unset: an in-memory session store (embedded default only).'),
  DATA_DIR: z.string().min(1).default('./data').describe('Directory for embedded data (PGlite, outbox mail, media files).'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level.'),
  BUS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -')
    .default('airwave')
    .describe('Prefix of every NATS subject and of the event stream; give each station its own on a shared NATS.'),
  REDIS_PREFIX: z.string().default('airwave:').describe('Prefix of every Redis key.'),
  REQUEST_TIMEOUT_MS: int(5000, 100, 120_000).describe('Deadline of a bus request, in milliseconds.'),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 600_000).describe('How long SIGTERM waits for in-flight work before exiting.'),
  METRICS_PORT: int(0, 0, 65535).describe('Port of the /metrics, /healthz and /readyz listener of a service process (0: none).'),
};

export function parseConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

export { z };
