import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger.ts';
import { createServerLogger } from './logger.ts';

describe('per-request loggers made only when a request logs', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = createServerLogger('warn', sink);
  // Counts the per-request children pino makes (their bindings carry the request id).
  let children = 0;
  const child = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof logger.child>) {
    if ('reqId' in args[0]) children++;
    return child.apply(this, args);
  } as typeof logger.child;
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: lazyChildLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get('/quiet', async (request) => {
    request.log.info('below the level');
    request.log.debug({ detail: 1 }, 'below the level');
    return { level: request.log.level };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ apiKey: 'ssk_secret', user: 'u1' }, 'something to see');
    request.log.info('below the level');
    return 'ok';
  });
  app.get('/nested', async (request) => {
    request.log.child({ part: 'inner' }).error('from a child');
    return 'ok';
  });
  afterAll(() => app.close());

  it('makes no child for a request that logs nothing the level lets through', async () => {
    for (let i = 0; i < 5; i++) expect((await app.inject('/quiet')).json()).toEqual({ level: 'warn' });
    expect(children).toBe(0);
    expect(lines).toEqual([]);
  });

  it('logs with the request id, and with secrets redacted, when a request does', async () => {
    const answer = await app.inject('/loud');
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'something to see',
      user: 'u1',
      reqId: expect.any(String),
    });
    expect(JSON.stringify(lines[0])).not.toContain('ssk_secret');
    expect(children).toBe(1);
  });

  it('hands out the real child for a child of its own', async () => {
    lines.length = 0;
    await app.inject('/nested');
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, msg: 'from a child', part: 'inner', reqId: expect.any(String) }),
    ]);
  });
});
