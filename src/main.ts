/** API server entry point. With no REDIS_URL the resolution worker and the notifier run in this process. */
import { buildServer } from './api/server.js';
import { shippedModules } from './games/index.js';
import { boot } from './platform/boot.js';
import { configOrExit, drainOnSignals } from './platform/lifecycle.js';
import { loadExtraModules } from '#platform/play/registry.js';

const config = configOrExit();
const booted = await boot(config, [...shippedModules, ...(await loadExtraModules(config.extraModules))]);
if (config.inlineWorker) await booted.startWorker();
if (config.notify.inline) await booted.startNotifier();
const app = await buildServer({ platform: booted.platform, authService: booted.authService });

// Stop accepting requests and let those in flight answer, then let resolutions and deliveries finish.
drainOnSignals(async () => (await app.close(), await booted.shutdown()), {
  timeoutMs: config.shutdownTimeoutMs,
  log: booted.platform.log,
});

await app.listen({ port: config.port, host: config.host });
const addr = app.server.address();
const port = typeof addr === 'object' && addr ? addr.port : config.port; // PORT=0 picks a free one
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
app.log.info(
  { database: booted.db.kind, queue: config.redisUrl ? 'bullmq' : 'in-process' },
  `Warpost listening on ${url}; GraphiQL at ${url}/graphiql`,
);
