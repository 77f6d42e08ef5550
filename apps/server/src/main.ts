import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';

// Two lines are not log records and print whatever LOG_LEVEL says: a configuration the server cannot start
// with, and the address once it runs (the one line a person starting the product looks for; e2e tests parse
// it from stdout as "Spreadscope is running at <url>"). Everything else goes through the server's logger.
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const server = await startServer(config);
  process.stdout.write(`Spreadscope is running at ${server.url}\n`);

  const log = server.app.log;
  const shutdown = (signal: string) => {
    log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Spreadscope failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
