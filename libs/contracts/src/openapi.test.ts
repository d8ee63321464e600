import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, jsonSchemaOf } from './openapi';
import { documentedInput } from './input-forms';
import { httpOperations } from './registry';

type Entry = { description?: string; tags: string[]; parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[]; requestBody?: { required: boolean; content: Record<string, unknown> }; responses: Record<string, unknown> };
const doc = buildOpenApiDocument() as { servers: unknown[]; tags: { name: string; description: string }[]; paths: Record<string, Record<string, Entry>>; components: { schemas: Record<string, unknown> } };
const entries = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, entry]) => ({ path, method, entry })));
const entry = (method: string, path: string) => doc.paths[`/api/v2${path}`]![method]!;

describe('the OpenAPI document', () => {
  it('describes every operation, with its tag defined at the top and a server to resolve against', () => {
    expect(entries.length).toBeGreaterThanOrEqual(httpOperations().length);
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const { path, method, entry } of entries) {
      expect(entry.description, `${method} ${path}`).toBeTruthy();
      for (const tag of entry.tags) expect(tags.has(tag), `${method} ${path}: tag ${tag}`).toBe(true);
    }
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('lists 431 and 500 on every route, and 413 wherever a body is read', () => {
    for (const { path, method, entry } of entries) {
      expect(Object.keys(entry.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '431', '500', '503']));
      if (entry.requestBody) expect(Object.keys(entry.responses), `${method} ${path}`).toContain('413');
    }
  });

  it('has no schema of its own dialect left behind ($schema, $defs) and no closed tuple without items', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"\$schema"|"\$defs"|"items":false/);
  });

  it('takes a plain text q, and a search without one', () => {
    const q = entry('get', '/media/search').parameters!.find((p) => p.name === 'q')!;
    expect(q.required).toBe(false);
    expect(JSON.stringify(q.schema)).toMatch(/"type":"string"/);
  });

  it('needs a body only where a field is required, and takes DELETE input in the query or the body', () => {
    expect(entry('post', '/account/logout').requestBody?.required).toBe(false);
    expect(entry('put', '/modules/{name}').requestBody?.required).toBe(false);
    expect(entry('post', '/account/login').requestBody?.required).toBe(true);
    const archive = entry('delete', '/media/archive');
    expect(archive.parameters!.find((p) => p.name === 'id')?.required).toBe(false);
    expect(Object.keys(archive.requestBody!.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
  });
});

describe('schemas of preprocessed input', () => {
  it('describe the forms a contract documents, optional where they accept nothing', () => {
    const schema = z.object({
      q: documentedInput(z.preprocess((v) => v ?? 'all', z.string()), z.string().optional()),
      n: z.coerce.number(),
    });
    expect(jsonSchemaOf(schema, 'input')).toMatchObject({ properties: { q: { type: 'string' }, n: { type: 'number' } }, required: ['n'] });
    expect(jsonSchemaOf(schema, 'input', { textNumbers: true })).toMatchObject({ properties: { n: { anyOf: [{ type: 'number' }, { type: 'string' }] } } });
  });

  it('give a closed tuple items that every tool reads', () => {
    const json = jsonSchemaOf(z.tuple([z.enum(['GET']), z.string()]), 'output');
    expect(json).toMatchObject({ prefixItems: [{ enum: ['GET'] }, { type: 'string' }], items: { anyOf: [{ enum: ['GET'] }, { type: 'string' }] }, maxItems: 2 });
  });
});
