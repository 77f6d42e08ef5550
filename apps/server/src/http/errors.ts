import type { ErrorResponse } from '@spreadscope/contracts';
import { describeIssue, type MessageKey, translate } from '@spreadscope/core';
import { loggableError } from '@spreadscope/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { requestLanguage } from './language.ts';

/** An error the API answers with its own status and a catalogue message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly param?: string,
  ) {
    super(code);
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: Omit<ErrorResponse, 'message'> & { key: MessageKey; params?: Record<string, string | number> },
) {
  const message = translate(requestLanguage(request), body.key, body.params);
  const payload: ErrorResponse = { error: body.error, message, ...(body.param ? { param: body.param } : {}) };
  return reply.code(status).type('application/json; charset=utf-8').send(payload);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const param =
        first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
      const detail = first
        ? describeIssue(requestLanguage(request), {
            ...first.params,
            code: first.keyword,
            message: first.message ?? '',
          })
        : translate(requestLanguage(request), 'validation.invalid');
      return sendError(request, reply, 400, {
        error: 'invalid_parameter',
        key: 'error.invalidParameter',
        params: { param, detail },
        param,
      });
    }
    if (error instanceof ApiError) {
      return sendError(request, reply, error.statusCode, {
        error: error.code,
        key: error.messageKey,
        params: error.params,
        ...(error.param ? { param: error.param } : {}),
      });
    }
    if (error.statusCode === 429) {
      const seconds = Number(reply.getHeader('retry-after') ?? 60);
      return sendError(request, reply, 429, {
        error: 'rate_limited',
        key: 'error.rateLimited',
        params: { seconds },
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, error.statusCode, {
        error: error.code?.toLowerCase() ?? 'bad_request',
        key: 'error.badRequest',
      });
    }
    // Never the error as thrown: a failed query carries its bound parameters (a user's email, say).
    request.log.error({ error: loggableError(error) }, 'unhandled error');
    return sendError(request, reply, 500, { error: 'internal', key: 'error.internal' });
  });
}
