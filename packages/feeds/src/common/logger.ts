/** What feeds needs from a logger (pino and console both fit). */
export interface FeedLogger {
  info(message: string): void;
  warn(message: string): void;
}

export const silentLogger: FeedLogger = {
  info() {},
  warn() {},
};
