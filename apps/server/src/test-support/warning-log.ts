import type { FastifyBaseLogger } from 'fastify';

/** A logger that keeps the messages of its warnings, for tests of what an operator is told (and how often). */
export function warningLog(): { log: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const log = {
    warn: (_: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}
