import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache, CachedAnswer, Encoding } from './answer-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    answers: AnswerCache;
  }
}

export function registerAnswerCache(app: FastifyInstance, cache: AnswerCache): void {
  app.decorate('answers', cache);
}

/**
 * Answers a market route from the answer cache: the route's parsed query is the canonical form (defaults filled,
 * keys in schema order), `variant` names what else the answer depends on for this caller (a table's gated view,
 * whether DEX venues show) — so no caller is ever served another's view. The bytes go out as they are: the
 * route's response schema documents them and the contract tests validate every cached answer against it, rather
 * than every request paying for validation and serialization.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  variant: string,
  compute: () => unknown,
  /** The variant names everything the answer depends on (not the market): kept until the variant moves. */
  pinned = false,
): Promise<FastifyReply> {
  const entry = request.server.answers.answer(
    answerKey(request.routeOptions.url ?? '', request.query, variant),
    compute,
    JSON.stringify,
    pinned,
  );
  return sendAnswer(request, reply, entry, 'application/json; charset=utf-8');
}

/**
 * sendCached for an answer computed in slices (AnswerCache.answerSliced): the loop serves other requests
 * between them, and while the market's newer answer is computed, callers get the one it replaces.
 */
export async function sendCachedSliced(
  request: FastifyRequest,
  reply: FastifyReply,
  variant: string,
  steps: () => Generator<void, unknown>,
): Promise<FastifyReply> {
  const key = answerKey(request.routeOptions.url ?? '', request.query, variant);
  const entry = await request.server.answers.answerSliced(key, steps);
  return sendAnswer(request, reply, entry, 'application/json; charset=utf-8');
}

/** The cache key of a route's answer: its path, its parsed query (the canonical form) and the caller's variant. */
export function answerKey(route: string, query: unknown, variant: string): string {
  return `${route}?${queryText(query)}#${variant}`;
}

/** Texts of the remembered (frozen, shared: http/query-validator.ts) queries, so a repeated query is not stringified again. */
const queryTexts = new WeakMap<object, string>();

function queryText(query: unknown): string {
  if (typeof query !== 'object' || query === null || !Object.isFrozen(query)) return JSON.stringify(query);
  let text = queryTexts.get(query);
  if (text === undefined) {
    text = JSON.stringify(query);
    queryTexts.set(query, text);
  }
  return text;
}

/** Sends cached bytes: 304 when the client holds them, else compressed as it accepts. */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedAnswer,
  type: string,
  vary = 'Accept-Encoding',
): Promise<FastifyReply> {
  const cache = request.server.answers;
  reply.header('etag', entry.etag).header('cache-control', 'private, no-cache').header('vary', vary);
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type(type);
  const encoding =
    entry.raw.length >= cache.minCompressBytes ? negotiate(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.raw);
  return reply.header('content-encoding', encoding).send(await cache.encode(entry, encoding));
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.slice(2);
  // Weak comparison (RFC 9110 §8.8.3.2): W/"x" and "x" name the same bytes.
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === bare;
  });
}

/** br when the client takes it, else gzip, else none; a coding with q=0 is refused. */
export function negotiate(header: string | undefined): Encoding | null {
  if (!header) return null;
  let gzipOk = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzipOk = true;
  }
  return gzipOk ? 'gzip' : null;
}
