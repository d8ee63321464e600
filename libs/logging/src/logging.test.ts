import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CENSOR, createLogger, LazyChildLogger, prebuiltInfoLine, redactSecrets, secretFields, TurnBatchedLines } from './index';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ name: 'test', destination }) };
}

describe('redactSecrets', () => {
  it('censors secret fields at the top and nested in objects and arrays', () => {
    const input = {
      username: 'ann',
      password: 'hunter2',
      body: { password_again: 'hunter2', items: [{ file_key: 'abc', title: 'Song' }] },
      req: { headers: { authorization: 'Bearer sk', Cookie: 'airwave_session=sk', host: 'x' } },
    };
    expect(redactSecrets(input)).toEqual({
      username: 'ann',
      password: CENSOR,
      body: { password_again: CENSOR, items: [{ file_key: CENSOR, title: 'Song' }] },
      req: { headers: { authorization: CENSOR, Cookie: CENSOR, host: 'x' } },
    });
  });

  it('never changes the caller’s object and shares what holds no secret', () => {
    const inner = { title: 'Song' };
    const input = { token: 't', inner, list: [1, 2] };
    const out = redactSecrets(input);
    expect(input.token).toBe('t');
    expect(out.inner).toBe(inner);
    expect(out.list).toBe(input.list);
    const clean = { a: 1, b: { c: 'x' } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('leaves errors and other class instances to their serializers', () => {
    const error = Object.assign(new Error('boom'), { key: 'k' });
    expect(redactSecrets({ err: error }).err).toBe(error);
  });

  it('no secret survives anywhere in generated values up to the depth', () => {
    const secret = fc.constantFrom(...secretFields, 'Password', 'TOKEN');
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.oneof(fc.string({ maxLength: 5 }), secret), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.string({ maxLength: 5 }), secret), tree, { maxKeys: 4 }), (value) => {
        const before = JSON.stringify(value);
        const out = redactSecrets(value, 10);
        expect(JSON.stringify(value)).toBe(before);
        const walk = (node: unknown): void => {
          if (Array.isArray(node)) node.forEach(walk);
          else if (node && typeof node === 'object') {
            for (const [name, inner] of Object.entries(node)) {
              if (secretFields.has(name.toLowerCase())) expect(inner).toBe(CENSOR);
              else walk(inner);
            }
          }
        };
        walk(out);
      }),
    );
  });
});

describe('createLogger', () => {
  it('writes no secret a log call hands it', () => {
    const { lines, logger } = capture();
    logger.info({ password: 'hunter2', headers: { authorization: 'Bearer sk-123' }, user: 'ann' }, 'login');
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toMatch(/hunter2|sk-123/);
    expect(lines[0]).toMatchObject({ service: 'test', user: 'ann', password: CENSOR, msg: 'login' });
  });
});

describe('prebuiltInfoLine', () => {
  it('writes the line logger.info would write for the same fields', () => {
    const { lines, logger } = capture();
    const write = prebuiltInfoLine(logger, 'request completed');
    const fields = { reqId: 'r-9', method: 'GET', url: '/api/v2/x?q="a"', status: 200, ms: 3 };
    write(() => Object.entries(fields).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(','));
    logger.info(fields, 'request completed');
    expect(lines).toHaveLength(2);
    const [prebuilt, regular] = lines.map(({ time, ...rest }) => ({ rest, time: typeof time }));
    expect(prebuilt).toEqual(regular);
    expect(Object.keys(lines[0]!)).toEqual(Object.keys(lines[1]!));
  });

  it('writes nothing below its level', () => {
    const { lines, logger } = capture();
    logger.level = 'warn';
    prebuiltInfoLine(logger, 'request completed')(() => '"status":200');
    expect(lines).toHaveLength(0);
  });
});

describe('LazyChildLogger', () => {
  function capture(level = 'info') {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const parent = createLogger({ name: 'gw', level, destination });
    return { lines, parent };
  }

  it('creates no child until something is logged, then writes with the request bindings', () => {
    const { lines, parent } = capture();
    const children: unknown[] = [];
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children.push(args[0]);
      return child(...args);
    }) as typeof parent.child;
    const log = new LazyChildLogger(parent, { reqId: 'r-1' }, {});
    log.debug({ skipped: true }, 'below the level');
    expect(children).toHaveLength(0);
    expect(log.level).toBe('info');
    log.error({ code: 'internal', password: 'p' }, 'Unhandled error');
    log.warn('second');
    expect(children).toEqual([{ reqId: 'r-1' }]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, service: 'gw', reqId: 'r-1', code: 'internal', password: '[redacted]', msg: 'Unhandled error' }),
      expect.objectContaining({ level: 40, reqId: 'r-1', msg: 'second' }),
    ]);
    expect(log.bindings()).toMatchObject({ service: 'gw', reqId: 'r-1' });
  });
});

describe('TurnBatchedLines', () => {
  it('hands the sink one turn’s lines together, in order, after the turn', async () => {
    const writes: string[] = [];
    let flushes = 0;
    const lines = new TurnBatchedLines({ write: (text) => writes.push(text), flushSync: () => (flushes += 1) });
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\nc\n']);
    lines.write('d\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
    lines.write('e\n');
    lines.flushSync();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n', 'e\n']);
    expect(flushes).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
  });

  it('writes every line of a process that exits right after logging to stdout', () => {
    const index = join(dirname(fileURLToPath(import.meta.url)), 'index.ts');
    const script = `
      const { createLogger } = await import(${JSON.stringify(index)});
      const a = createLogger({ name: 'a' });
      const b = createLogger({ name: 'b' });
      for (let i = 0; i < 2000; i += 1) (i % 2 ? a : b).info({ i }, 'line');
      a.error('last words'); // not fatal: pino flushes its stream itself after a fatal line
      process.exit(3);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.status).toBe(3);
    const written = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { i?: number; msg: string; service: string });
    expect(written).toHaveLength(2001);
    expect(written.slice(0, 2000).map((line) => line.i)).toEqual([...Array(2000).keys()]);
    expect(written[2000]).toMatchObject({ msg: 'last words', service: 'a' });
  });
});
