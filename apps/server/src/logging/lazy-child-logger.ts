import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: readonly LevelName[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * Fastify's per-request logger (`request.log`, carrying the request id), made only when the request logs
 * something its level lets through. Fastify builds a pino child for every request, redaction set up included
 * (~2 % of the main thread under the paid API's bench), and almost no request logs at the levels a server
 * runs at. A child with a level of its own (a route's `logLevel`) is made at once, as before.
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean },
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return parent.child(bindings, options);
  }
  const enabled = parent.isLevelEnabled.bind(parent);
  let made: FastifyBaseLogger | undefined;
  const real = () => {
    made ??= parent.child(bindings, options);
    return made;
  };
  const logger = {
    get level(): string {
      return made?.level ?? parent.level;
    },
    set level(level: string) {
      real().level = level;
    },
    child: (childBindings: Bindings, childOptions?: ChildLoggerOptions) =>
      real().child(childBindings, childOptions),
    silent: () => {},
  } as unknown as FastifyBaseLogger & Record<LevelName, (...args: unknown[]) => void>;
  for (const level of LEVELS) {
    logger[level] = (...args: unknown[]) => {
      if (made === undefined && !enabled(level)) return;
      (real()[level] as (...a: unknown[]) => void)(...args);
    };
  }
  return logger;
}
