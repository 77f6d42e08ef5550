import type { PgliteRestartEvent } from '@spreadscope/db';
import type { ServerLogger } from './logger.ts';

/** The embedded database's thread dying and coming back, for the operator: queries fail in between. */
export function logPgliteRestart(log: ServerLogger, event: PgliteRestartEvent): void {
  switch (event.kind) {
    case 'died':
      log.error(
        { exitCode: event.exitCode, retryInMs: event.retryInMs },
        'embedded database thread died; starting it again',
      );
      return;
    case 'failed':
      log.error(
        { reason: event.message, retryInMs: event.retryInMs },
        'embedded database thread did not start again; retrying',
      );
      return;
    case 'restarted':
      log.warn({ attempt: event.attempt }, 'embedded database thread serves again');
  }
}
