import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

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
  return new LazyChild(parent as Parent, bindings, options) as unknown as FastifyBaseLogger;
}

type Parent = FastifyBaseLogger & { isLevelEnabled: (level: string) => boolean };
type Log = (...args: unknown[]) => void;

/**
 * One small object per request, its methods on the prototype: a literal with a closure per level (and a
 * bound function) was ~500 bytes a request, and under load those were kept past young collections.
 */
class LazyChild {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private log(level: LevelName, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as Log)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(childBindings: Bindings, childOptions?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(childBindings, childOptions);
  }

  silent(): void {}

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.log('error', args);
  }

  warn(...args: unknown[]): void {
    this.log('warn', args);
  }

  info(...args: unknown[]): void {
    this.log('info', args);
  }

  debug(...args: unknown[]): void {
    this.log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
}
