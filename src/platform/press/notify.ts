/**
 * Press through the notification channels: one PRESS notice per recipient player (never the
 * sender), planned by the dispatcher from the outbox signal, on the channels the recipient's
 * preferences enable, with their digest and quiet hours. Recipients are the message's audience
 * only: the seated players of its sides, or every player for a public message. Spectators' chat
 * and game hooks (club channels, which show what a spectator sees) get no press notices.
 */
import type { Message, GameInfo } from '../notifications/content.js';
import { gameLabel, gameUrl } from '../notifications/content.js';
import type { NotifyConfig } from '../config/notify.js';
import type { Tx } from '../db/transactions.js';
import { pressBlocked } from './blocking.js';
import { EVERY_PLAYER, kindOf, sidesOfKey } from './channels.js';
import type { PressSignal } from './service.js';

/** What the dispatcher's batch offers a planner. */
export interface PressPlanner {
  tx: Tx;
  config: NotifyConfig;
  gameInfo(gameId: string): Promise<GameInfo | null>;
  personal(eventKey: string, userId: string, msg: Message): Promise<void>;
}

export async function planPress(b: PressPlanner, sig: PressSignal) {
  const row = await b.tx.pressMessage.findUnique({ where: { gameId_seq: { gameId: sig.gameId, seq: sig.seq } } });
  if (!row || row.hiddenAt) return;
  const info = await b.gameInfo(row.gameId);
  if (!info) return;
  const recipients = new Map<string, string[]>();
  for (const seat of info.seats) {
    if (seat.userId === row.senderId) continue;
    if (!row.audience.includes(EVERY_PLAYER) && !row.audience.includes(seat.side)) continue;
    recipients.set(seat.userId, [...(recipients.get(seat.userId) ?? []), seat.side]);
  }
  if (recipients.size === 0) return;
  const sender =
    (await b.tx.user.findUnique({ where: { id: row.senderId }, select: { username: true } }))?.username ??
    'deleted player';
  const channel =
    kindOf(row.channel) === 'SIDES'
      ? await b.tx.pressChannel.findUnique({ where: { gameId_key: { gameId: row.gameId, key: row.channel } } })
      : null;
  const msg = pressMessage(b.config, info, {
    seq: row.seq,
    channel: row.channel,
    channelName: channel?.name ?? null,
    from: sender,
    fromSide: row.senderSide,
    text: row.text,
    step: row.step,
  });
  for (const [userId] of recipients) {
    if (await pressBlocked(b.tx, userId, row.senderId)) continue;
    await b.personal(`PRESS:${row.gameId}:${row.seq}`, userId, msg);
  }
}

export interface PressNotice {
  seq: number;
  channel: string;
  channelName: string | null;
  from: string;
  fromSide: string | null;
  text: string;
  step: number;
}

/** The notice: plain text lines (each channel escapes them for its format). */
export function pressMessage(cfg: NotifyConfig, g: GameInfo, m: PressNotice): Message {
  const sides = sidesOfKey(m.channel);
  const to =
    kindOf(m.channel) === 'PUBLIC' ? 'everyone' : `${m.channelName ?? sides.join(' & ')} (${sides.join(', ')})`;
  const who = m.fromSide ? `${m.from} (${m.fromSide})` : m.from;
  return {
    kind: 'PRESS',
    title: `Message from ${who} to ${to}: ${gameLabel(g)}`,
    lines: [`${who} wrote to ${to} in ${gameLabel(g)}:`, ...m.text.split('\n')],
    url: gameUrl(cfg, g.id),
    gameId: g.id,
    step: m.step,
    data: {
      gameId: g.id,
      module: g.module,
      scenario: g.scenario,
      url: gameUrl(cfg, g.id),
      seq: m.seq,
      channel: m.channel,
      channelName: m.channelName,
      sides,
      from: m.from,
      fromSide: m.fromSide,
      text: m.text,
    },
  };
}
