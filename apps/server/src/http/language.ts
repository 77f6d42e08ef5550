import { type Language, languageFromHeader } from '@spreadscope/core';
import type { FastifyRequest } from 'fastify';

/** The caller's language: an explicit `lang` query wins, then Accept-Language; Korean by default. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = query?.lang;
  if (lang === 'en' || lang === 'ko') return lang;
  return languageFromHeader(request.headers['accept-language']);
}
