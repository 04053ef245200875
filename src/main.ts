/** API server entry point. With no REDIS_URL the resolution worker and the notifier run in this process. */
import { buildServer } from './api/server.js';
import { shippedModules } from './games/index.js';
import { boot } from './platform/boot.js';
import { configOrExit } from './platform/lifecycle.js';
import { loadExtraModules } from './platform/games/registry.js';

const config = configOrExit();
const booted = await boot(config, [...shippedModules, ...(await loadExtraModules(config.extraModules))]);
if (config.inlineWorker) await booted.startWorker();
if (config.notify.inline) await booted.startNotifier();
const app = await buildServer({ platform: booted.platform, authService: booted.authService });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await booted.shutdown();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
app.log.info({ database: booted.db.kind, queue: config.redisUrl ? 'bullmq' : 'in-process' }, `Warpost listening on ${url}; GraphiQL at ${url}/graphiql`);
