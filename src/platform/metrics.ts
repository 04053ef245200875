/**
 * Prometheus metrics (prom-client; README, "Metrics"). Counters and histograms count what this
 * process did (HTTP requests, submissions, resolutions, notification deliveries); the queue and
 * outbox gauges read Redis and the database when scraped, so any process shows the deployment's
 * backlog. The API serves them at /metrics; a worker or notifier at WARPOST_METRICS_PORT.
 */
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import type { Platform } from './context.js';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const metrics = {
  httpRequests: new client.Counter({
    name: 'warpost_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  }),
  httpDuration: new client.Histogram({
    name: 'warpost_http_request_duration_seconds',
    help: 'HTTP response time, by route pattern',
    labelNames: ['method', 'route'],
    buckets: seconds,
    registers: [registry],
  }),
  submissions: new client.Counter({
    name: 'warpost_submissions_total',
    help: 'Order submissions stored (accepted) or answered again from their idempotency key (replayed)',
    labelNames: ['module', 'result'],
    registers: [registry],
  }),
  submissionStates: new client.Counter({
    name: 'warpost_submission_states_total',
    help: 'States order submissions were checked against: remembered by this process at the row version (not sent by the database) or read with the context',
    labelNames: ['source'],
    registers: [registry],
  }),
  resolutionStates: new client.Counter({
    name: 'warpost_resolution_states_total',
    help: 'States ready steps were resolved from: remembered by this process at the row version (not sent by the database) or read with the context',
    labelNames: ['source'],
    registers: [registry],
  }),
  resolutions: new client.Counter({
    name: 'warpost_resolutions_total',
    help: 'Resolution jobs run, by outcome (error: the attempt threw and is retried)',
    labelNames: ['outcome'],
    registers: [registry],
  }),
  resolutionDuration: new client.Histogram({
    name: 'warpost_resolution_duration_seconds',
    help: 'Time to run one resolution job',
    buckets: seconds,
    registers: [registry],
  }),
  resolutionWait: new client.Histogram({
    name: 'warpost_resolution_wait_seconds',
    help: 'Time a resolution job waited in the queue after it was due (BullMQ only)',
    buckets: seconds,
    registers: [registry],
  }),
  deliveries: new client.Counter({
    name: 'warpost_notification_deliveries_total',
    help: 'Notification delivery attempts and decisions, by channel and result (sent, retry, failed, skipped)',
    labelNames: ['channel', 'result'],
    registers: [registry],
  }),
  openSubscriptions: new client.Gauge({
    name: 'warpost_open_subscriptions',
    help: 'GraphQL operations running over WebSocket connections to this process',
    registers: [registry],
  }),
};

/** The platform the scrape-time gauges read (the last one booted in this process). */
let current: Platform | undefined;

export function watchPlatform(p: Platform): () => void {
  current = p;
  return () => {
    if (current === p) current = undefined;
  };
}

const QUEUES = { resolve: (p: Platform) => p.queue.stats(), notify: (p: Platform) => p.notify.queue.stats() };
type QueueStats = Awaited<ReturnType<(typeof QUEUES)['resolve']>>;

/** Each queue's stats at scrape time; a queue that does not answer is left out. */
async function eachQueue(use: (queue: string, s: QueueStats) => void) {
  if (!current) return;
  for (const [queue, stats] of Object.entries(QUEUES)) {
    const s = await stats(current).catch(() => undefined);
    if (s) use(queue, s);
  }
}

new client.Gauge({
  name: 'warpost_queue_jobs',
  help: 'Jobs in a queue, by state (waiting: due and not started)',
  labelNames: ['queue', 'state'],
  registers: [registry],
  async collect() {
    this.reset();
    await eachQueue((queue, s) => {
      for (const state of ['waiting', 'active', 'delayed'] as const) this.set({ queue, state }, s[state]);
    });
  },
});

new client.Gauge({
  name: 'warpost_queue_oldest_waiting_seconds',
  help: 'How long the oldest due job of a queue has waited to start',
  labelNames: ['queue'],
  registers: [registry],
  async collect() {
    this.reset();
    await eachQueue((queue, s) => this.set({ queue }, s.oldestWaitingMs / 1000));
  },
});

new client.Gauge({
  name: 'warpost_outbox_lag_seconds',
  help: 'Age of the oldest outbox message not yet handled by a consumer (publish: subscriptions; notify: the notification dispatcher); 0 when none waits',
  labelNames: ['consumer'],
  registers: [registry],
  async collect() {
    this.reset();
    const p = current;
    if (!p) return;
    const oldest = async (where: { deliveredAt: null } | { dispatchedAt: null }) =>
      (await p.prisma.outboxMessage.findFirst({ where, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }))
        ?.createdAt;
    for (const [consumer, where] of [
      ['publish', { deliveredAt: null }],
      ['notify', { dispatchedAt: null }],
    ] as const) {
      const at = await oldest(where).catch(() => undefined);
      this.set({ consumer }, at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : 0);
    }
  },
});

/** Serves the registry on its own port (worker and notifier processes, WARPOST_METRICS_PORT). */
export function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    if (req.url !== '/metrics') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': registry.contentType }).end(await registry.metrics());
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}
