import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoValidatorCompiler } from './query-validator.ts';

describe('query validation remembered per route', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(memoValidatorCompiler);
  let parses = 0;
  const query = z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(500)
      .default(10)
      .transform((n) => {
        parses++;
        return n;
      }),
    token: z
      .string()
      .optional()
      .transform((t) => t?.toUpperCase()),
  });
  const seen: unknown[] = [];
  app.get('/rows', { schema: { querystring: query } }, async (request) => {
    seen.push(request.query);
    return request.query;
  });
  app.get('/mutating', { schema: { querystring: query } }, async (request) => {
    (request.query as { limit: number }).limit = 1;
    return request.query;
  });
  app.post('/body', { schema: { body: query } }, async (request) => request.body);
  afterAll(() => app.close());

  it('answers a repeated query with the value it validated the first time', async () => {
    const first = await app.inject('/rows?limit=20&token=btc');
    const second = await app.inject('/rows?limit=20&token=btc');
    expect(first.json()).toEqual({ limit: 20, token: 'BTC' });
    expect(second.json()).toEqual({ limit: 20, token: 'BTC' });
    expect(parses).toBe(1);
    expect(seen.at(-1)).toBe(seen.at(-2));
    expect(Object.isFrozen(seen.at(-1))).toBe(true);
  });

  it('validates each distinct query on its own, defaults included', async () => {
    expect((await app.inject('/rows?limit=30')).json()).toEqual({ limit: 30 });
    expect((await app.inject('/rows')).json()).toEqual({ limit: 10 });
    expect((await app.inject('/rows?limit=30&token=eth')).json()).toEqual({ limit: 30, token: 'ETH' });
  });

  it('refuses a bad query every time it is asked, naming the parameter', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await app.inject('/rows?limit=abc');
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('limit');
    }
    expect((await app.inject('/rows?limit=501')).statusCode).toBe(400);
  });

  it('does not let one handler change the query the next caller is given', async () => {
    expect((await app.inject('/rows?limit=40')).json()).toEqual({ limit: 40 });
    expect((await app.inject('/mutating?limit=40')).statusCode).toBe(500);
    expect((await app.inject('/rows?limit=40')).json()).toEqual({ limit: 40 });
  });

  it('validates bodies every time', async () => {
    const before = parses;
    for (let i = 0; i < 2; i++) {
      const answer = await app.inject({ method: 'POST', url: '/body', payload: { limit: 7 } });
      expect(answer.json()).toEqual({ limit: 7 });
    }
    expect(parses).toBe(before + 2);
  });
});
