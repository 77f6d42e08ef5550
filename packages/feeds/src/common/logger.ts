import type { Logger } from '@spreadscope/core';

/** What feeds needs of the server's logger port (core's Logger): info and warn. */
export type FeedLogger = Pick<Logger, 'info' | 'warn'>;

export const silentLogger: FeedLogger = {
  info() {},
  warn() {},
};
