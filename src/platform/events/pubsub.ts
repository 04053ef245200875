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

export function publish(emitter: Emitter, topic: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) => emitter.emit({ topic, payload }, (err?: Error) => (err ? reject(err) : resolve())));
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
}

/** What goes through the emitter when a user owes orders. */
export interface TurnSignal {
  gameId: string;
  step: number;
  sides: string[];
  deadline: string | null;
}
