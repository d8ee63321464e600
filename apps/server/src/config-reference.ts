// The configuration reference, generated from the zod schemas every process validates its
// environment with. `pnpm config:reference` prints it; a test keeps README.md in step.
import { accountConfig } from '@airwave/account';
import { edgeConfig } from '@airwave/gateway';
import { mediaConfig } from '@airwave/media';
import { modulesConfig } from '@airwave/modules';
import { playoutConfig } from '@airwave/playout';
import { schedulingConfig } from '@airwave/scheduling';
import { z } from '@airwave/config';
import { systemConfig } from './system';

const all = { ...accountConfig, ...edgeConfig, ...mediaConfig, ...modulesConfig, ...playoutConfig, ...schedulingConfig, ...systemConfig.shape };

function defaultOf(schema: z.ZodType): string {
  try {
    const value = (schema as z.ZodType).safeParse(undefined);
    if (value.success && value.data !== undefined) return `\`${String(value.data)}\``;
  } catch {
    // no default
  }
  return '';
}

export function configReference(): string {
  const rows = Object.entries(all)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => `| \`${name}\` | ${defaultOf(schema as z.ZodType) || '—'} | ${(schema as z.ZodType).description ?? ''} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  process.stdout.write(`${configReference()}\n`);
}
