/**
 * The one logging port. Core has no I/O, so it only names the shape; apps/server creates the pino logger
 * (LOG_LEVEL, redaction of secrets) and passes it down to feeds, accounts, mail and the runtime, so nothing
 * prints around the level or the redaction. pino's logger fits as is.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};
