import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AirwaveError } from '@airwave/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { compileModule, importCompiledModule } from './module-compiler';
import { defineModule } from './module';

const dir = mkdtempSync(join(tmpdir(), 'airwave-module-compiler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeModule(name: string, files: Record<string, string>): string {
  const root = join(dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return join(root, 'src', 'index.ts');
}

describe('compiling a module for a bundled process', () => {
  it("binds the shared packages to the process's own instances, reserved export names included", async () => {
    const entry = writeModule('shared', {
      'src/index.ts': `
        import { z } from 'zod';
        import * as everything from 'zod';
        import { AirwaveError } from '@airwave/contracts';
        import { defineModule } from '@airwave/service-kit';
        import { helper } from './helper';
        const schema: z.ZodType<string> = z.string().min(2);
        export default { z, nullSchema: everything.null, AirwaveError, defineModule, schema, answer: helper(20) };
      `,
      'src/helper.ts': 'export const helper = (n: number): number => n + 22;',
    });
    const imported = (await importCompiledModule(entry)) as { default: Record<string, unknown> };
    const module = imported.default;
    expect(module.z).toBe(zod.z);
    expect(module.nullSchema).toBe(zod.null);
    expect(module.AirwaveError).toBe(AirwaveError);
    expect(module.defineModule).toBe(defineModule);
    expect(module.answer).toBe(42);
    // A schema built by the module is one of the host's own zod schemas.
    expect(module.schema).toBeInstanceOf(zod.ZodType);
    expect((module.schema as zod.ZodType).safeParse('x').success).toBe(false);
  });

  it('leaves no import of a shared package in the compiled code, and bundles the rest', async () => {
    const entry = writeModule('text', {
      'src/index.ts': "import { sql } from 'kysely';\nimport { helper } from './helper';\nexport default { sql, helper };\n",
      'src/helper.ts': "export const helper = 'bundled helper';\n",
    });
    const code = await compileModule(entry);
    expect(code).not.toMatch(/from\s+["']kysely["']/);
    expect(code).toContain('bundled helper');
    expect(code).toMatch(/Symbol\.for\(["']airwave\.hostPackages["']\)/);
  });

  it('fails with the compiler message for a module that does not compile', async () => {
    const entry = writeModule('broken', { 'src/index.ts': 'export default {{{;\n' });
    await expect(importCompiledModule(entry)).rejects.toThrow(/Build failed|Expected/);
  });
});
