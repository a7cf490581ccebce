import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Process entry: config → database → app → listen → graceful close. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const built = await buildApp(config);
  const { app } = built;
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { address },
    `Switchboard is running on ${config.publicUrl}/app (listening on ${address}, database: ${built.database.kind}, e-mail: ${built.services.deps.email.kind}, SMS: ${built.services.deps.carrier.kind})`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing`);
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await built.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
