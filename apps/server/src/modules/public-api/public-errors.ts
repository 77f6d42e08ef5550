import { describeIssue, translate } from '@spreadscope/core';
import { loggableError } from '@spreadscope/db';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';

/**
 * The paid API's error body (shared/formats/public-api.md §1.8): the SDK raises ClientError with
 * `body.error` as its message and `body.data` as details, so the message goes in `error` and the machine
 * code and parameter in `data`. Always a JSON object, never a bare string or array.
 */
export interface PublicErrorBody {
  error: string;
  data: { code: string; param?: string };
}

export function sendPublicError(
  reply: FastifyReply,
  status: number,
  message: string,
  code: string,
  param?: string,
): FastifyReply {
  const body: PublicErrorBody = { error: message, data: { code, ...(param ? { param } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function publicErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const param = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
    const detail = first
      ? describeIssue(lang, { ...first.params, code: first.keyword, message: first.message ?? '' })
      : translate(lang, 'validation.invalid');
    const message = translate(lang, 'error.invalidParameter', { param, detail });
    return sendPublicError(reply, 400, message, 'invalid_parameter', param);
  }
  if (error instanceof ApiError) {
    const message = translate(lang, error.messageKey, error.params);
    return sendPublicError(reply, error.statusCode, message, error.code, error.param);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendPublicError(reply, error.statusCode, translate(lang, 'error.badRequest'), 'bad_request');
  }
  request.log.error({ error: loggableError(error) }, 'unhandled error in the public API');
  return sendPublicError(reply, 500, translate(lang, 'error.internal'), 'internal');
}
