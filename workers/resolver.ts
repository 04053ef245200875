/** Resolution worker process: consumes resolve jobs from BullMQ and delivers the outbox. */
import { shippedModules } from '#games/index.js';
import { boot } from '#platform/boot.js';
import { configOrExit, drainOnSignals } from '#platform/lifecycle.js';
import { loadExtraModules } from '#platform/play/registry.js';
import { serveMetrics } from '#platform/metrics.js';

const config = configOrExit();
if (!config.redisUrl) {
  console.error('The worker process needs REDIS_URL (without Redis the API runs the worker in-process).');
  process.exit(2);
}
const booted = await boot(config, [...shippedModules, ...(await loadExtraModules(config.extraModules))]);
await booted.startWorker();
booted.platform.log.info({ pid: process.pid }, 'worker ready');

const metricsServer = config.metrics.port ? await serveMetrics(config.metrics.port, config.host) : undefined;
drainOnSignals(async () => (metricsServer?.close(), await booted.shutdown()), {
  timeoutMs: config.shutdownTimeoutMs,
  log: booted.platform.log,
}); // in-flight resolutions finish first
