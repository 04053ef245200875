/**
 * Press: the game's messages by channel (public, one's own side and the sides' channels the API
 * lists), unread counts, sending, and live arrivals through the pressMessages subscription.
 */
import { useEffect, useState } from 'preact/hooks';
import { gql, subscribe } from '../api';

interface Channel {
  key: string;
  kind: 'PUBLIC' | 'SPECTATORS' | 'SIDES';
  name: string | null;
  sides: string[];
  lastSeq: number | null;
  unread: number;
}

interface Message {
  id: string;
  seq: number;
  channel: string;
  from: { username: string };
  fromSide: string | null;
  text: string | null;
  sentAt: string;
}

const MSG = 'id seq channel from { username } fromSide text sentAt';
const CHANNELS = 'key kind name sides lastSeq unread';

const channelTitle = (c: Channel) =>
  c.kind === 'PUBLIC' ? 'Everyone' : c.kind === 'SPECTATORS' ? 'Spectators' : (c.name ?? c.sides.join(', '));

/** A new channel to one other side is addressed by its sides; its key exists once the first message is stored. */
const NEW_PREFIX = 'new:';

export function Press({ gameId, side, sides }: { gameId: string; side: string | null; sides: string[] }) {
  const [channels, setChannels] = useState<Channel[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [current, setCurrent] = useState('public');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);

  const loadChannels = () =>
    gql<{ pressChannels: Channel[] }>(`query($g:ID!,$s:String){pressChannels(gameId:$g,side:$s){${CHANNELS}}}`, {
      g: gameId,
      s: side,
    }).then(
      (d) => setChannels(d.pressChannels),
      (e: Error) => setError(e.message),
    );

  useEffect(() => {
    void loadChannels();
    gql<{ pressMessages: { messages: Message[] } }>(
      `query($g:ID!,$s:String){pressMessages(gameId:$g,side:$s,first:200){messages{${MSG}}}}`,
      { g: gameId, s: side },
    ).then(
      (d) => setMessages(d.pressMessages.messages),
      (e: Error) => setError(e.message),
    );
    return subscribe<{ pressMessages: Message }>(
      `subscription($g:ID!,$s:String){pressMessages(gameId:$g,side:$s){${MSG}}}`,
      { g: gameId, s: side },
      (d) => {
        setMessages((l) => (l.some((m) => m.id === d.pressMessages.id) ? l : [...l, d.pressMessages]));
        setTick((t) => t + 1);
      },
    );
  }, [gameId, side]);

  // A new message: the channel list (and its unread counts) again.
  useEffect(() => void (tick && loadChannels()), [tick]);

  // What is shown is read: move the read mark of the open channel.
  const open = channels.find((c) => c.key === current);
  useEffect(() => {
    if (!open?.unread || open.lastSeq == null) return;
    gql<{ markPressRead: Channel }>(
      `mutation($g:ID!,$c:String!,$q:Int!,$s:String){markPressRead(gameId:$g,channel:$c,seq:$q,side:$s){${CHANNELS}}}`,
      { g: gameId, c: open.key, q: open.lastSeq, s: side },
    ).then(
      (d) => setChannels((l) => l.map((c) => (c.key === d.markPressRead.key ? d.markPressRead : c))),
      (e: Error) => setError(e.message),
    );
  }, [open?.key, open?.unread, open?.lastSeq]);

  // Sides with no channel of their own yet can be written to (the API opens it).
  const others = sides.filter(
    (s) => s !== side && !channels.some((c) => c.kind === 'SIDES' && c.sides.length === 2 && c.sides.includes(s)),
  );

  async function send(e: Event) {
    e.preventDefault();
    const to = current.startsWith(NEW_PREFIX)
      ? { sides: [current.slice(NEW_PREFIX.length)] }
      : open?.kind === 'SIDES'
        ? { sides: open.sides, ...(open.name ? { name: open.name } : {}) }
        : open?.kind === 'SPECTATORS'
          ? { spectators: true }
          : { everyone: true };
    try {
      const d = await gql<{ sendPress: Message }>(
        `mutation($g:ID!,$t:PressTo!,$x:String!,$s:String){sendPress(gameId:$g,to:$t,text:$x,side:$s){${MSG}}}`,
        { g: gameId, t: to, x: text, s: side },
      );
      setMessages((l) => (l.some((m) => m.id === d.sendPress.id) ? l : [...l, d.sendPress]));
      setCurrent(d.sendPress.channel);
      setText('');
      setError('');
      void loadChannels();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  const shown = messages.filter((m) => m.channel === current).sort((a, b) => a.seq - b.seq);
  return (
    <section class="card press" aria-labelledby="press-title">
      <h2 id="press-title">Press</h2>
      <div role="group" aria-label="Channels" class="press-channels">
        {channels.map((c) => (
          <button type="button" key={c.key} aria-pressed={c.key === current} onClick={() => setCurrent(c.key)}>
            {channelTitle(c)}
            {c.unread > 0 && c.key !== current && <strong class="badge"> {c.unread} unread</strong>}
          </button>
        ))}
        {others.map((s) => (
          <button
            type="button"
            key={s}
            aria-pressed={current === NEW_PREFIX + s}
            onClick={() => setCurrent(NEW_PREFIX + s)}
          >
            {s} (new)
          </button>
        ))}
      </div>
      <ol
        tabIndex={0}
        class="press-log"
        aria-label={`Messages: ${open ? channelTitle(open) : current.startsWith(NEW_PREFIX) ? current.slice(NEW_PREFIX.length) : 'Everyone'}`}
        aria-live="polite"
      >
        {shown.map((m) => (
          <li key={m.id}>
            <strong>
              {m.from.username}
              {m.fromSide ? ` (${m.fromSide})` : ''}
            </strong>
            : {m.text ?? <em>hidden by a moderator</em>}
          </li>
        ))}
      </ol>
      {shown.length === 0 && <p class="hint">No message here yet.</p>}
      <form onSubmit={(e) => void send(e)}>
        <div class="field">
          <label for="f-press">Message</label>
          <textarea
            id="f-press"
            required
            maxLength={2000}
            rows={2}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            {...(error ? { 'aria-describedby': 'f-press-error', 'aria-invalid': true } : {})}
          />
          {error && (
            <p class="field-error" id="f-press-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit">Send</button>
      </form>
    </section>
  );
}
