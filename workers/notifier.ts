/**
 * Notifier process: dispatches outbox messages into deliveries, sends them (email, Web Push,
 * webhooks) from the 'warpost-notify' queue, re-queues what a crashed process left, and builds
 * digests. Several may run at once; the database decides who sends what.
 */
import { shippedModules } from '#games/index.js';
import { boot } from '#platform/boot.js';
import { configOrExit, drainOnSignals } from '#platform/lifecycle.js';
import { loadExtraModules } from '#platform/play/registry.js';
import { serveMetrics } from '#platform/metrics.js';

const config = configOrExit();
if (!config.redisUrl) {
  console.error('The notifier process needs REDIS_URL (without Redis the API runs the notifier in-process).');
  process.exit(2);
}
const booted = await boot(config, [...shippedModules, ...(await loadExtraModules(config.extraModules))]);
await booted.startNotifier();
booted.platform.log.info(
  { pid: process.pid, role: 'notifier', smtp: Boolean(config.notify.smtpUrl) },
  'notifier worker ready',
);

const metricsServer = config.metrics.port ? await serveMetrics(config.metrics.port, config.host) : undefined;
drainOnSignals(async () => (metricsServer?.close(), await booted.shutdown()), {
  timeoutMs: config.shutdownTimeoutMs,
  log: booted.platform.log,
}); // deliveries in flight finish first
