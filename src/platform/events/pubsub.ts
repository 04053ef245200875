/**
 * Live-update fan-out. Mercurius subscriptions listen on an mqemitter; with Redis it is
 * mqemitter-redis, so a worker process (or another API instance) can publish and every API
 * instance's subscribers hear it. Payloads carry only ids and step numbers: what a subscriber
 * receives is loaded and redacted for its side by the API, never carried in the message.
 */
import mqemitter, { type MQEmitter } from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';

export type Emitter = MQEmitter;

export function createEmitter(redisUrl?: string): Emitter {
  if (!redisUrl) return mqemitter();
  const emitter = mqemitterRedis({ connectionString: redisUrl }) as unknown as Emitter & {
    state: { on(ev: string, fn: (e: Error) => void): void };
  };
  emitter.state.on('error', () => undefined); // reconnects are handled by ioredis
  return emitter;
}

/**
 * Calls `fn` each time the emitter's Redis subscriber connection comes back after a loss, once its
 * subscriptions are restored (ioredis resubscribes on reconnect; a PING answered afterwards means
 * the SUBSCRIBE commands before it are done). Messages published while it was away are lost to
 * this process: `fn` lets the subscribers catch up from the database. Never called in memory.
 */
export function onResubscribed(emitter: Emitter, fn: () => void): void {
  const sub = (
    emitter as unknown as {
      subConn?: { status: string; on(ev: 'ready', f: () => void): void; ping(): Promise<unknown> };
    }
  ).subConn;
  if (!sub) return;
  let seenReady = sub.status === 'ready';
  sub.on('ready', () => {
    if (!seenReady) return void (seenReady = true); // the first connection: nothing was missed
    sub.ping().then(fn, () => undefined);
  });
}

export function publish(emitter: Emitter, topic: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) =>
    emitter.emit({ topic, payload }, (err?: Error) => (err ? reject(err) : resolve())),
  );
}

export async function closeEmitter(emitter: Emitter): Promise<void> {
  // Unsubscribes of just-closed sockets are still in flight; let them finish first.
  await new Promise((r) => setTimeout(r, 100));
  return new Promise((resolve) => emitter.close(() => resolve()));
}

export const topics = {
  game: (gameId: string) => `game.${gameId}`,
  user: (userId: string) => `user.${userId}`,
  /** Personal notices other than "your turn" (invitations); read by the notifier only. */
  notice: (userId: string) => `notice.${userId}`,
  /** A deadline reminder for a user who still owes orders (games/sweep.ts); read by the notifier only. */
  reminder: (userId: string) => `reminder.${userId}`,
  lobby: 'lobby',
};

/** What goes through the emitter when a game changes. */
export interface GameSignal {
  gameId: string;
  step: number;
  status: string;
  /** Events with seq in (afterSeq, uptoSeq] are new. */
  afterSeq: number;
  uptoSeq: number;
  /** Catch up: load whatever is new (sent after a lost pub/sub connection, see onResubscribed). */
  resync?: true;
}

/** What goes through the emitter when a user owes orders. */
export interface TurnSignal {
  gameId: string;
  step: number;
  sides: string[];
  deadline: string | null;
}
