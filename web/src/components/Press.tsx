/**
 * Press: the game's messages by channel (public, one's own side and the sides' channels the API
 * lists), unread counts, sending, live arrivals through the pressMessages subscription, and a new
 * named channel of several sides. What is offered follows the game's press rules (docs/press.md):
 * side channels only with FULL press, no sending without press or while a reveal phase closes it.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, gql, subscribe } from '../api';

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
/** A new channel of several sides, named: addressed by the sides and the name until its first message is stored. */
const GROUP = 'group:';
/** The API's limit on a channel name (docs/press.md). */
const MAX_NAME = 60;

interface Rules {
  mode: 'FULL' | 'PUBLIC_ONLY' | 'NONE';
  duringReveal: boolean;
}

export function Press({
  gameId,
  side,
  sides,
  revealOpen = false,
}: {
  gameId: string;
  side: string | null;
  sides: string[];
  revealOpen?: boolean;
}) {
  const [rules, setRules] = useState<Rules | null>(null);
  const [group, setGroup] = useState<{ sides: string[]; name: string } | null>(null);
  const [channels, setChannels] = useState<Channel[]>([]);
  const [messages, setMessages] = useState<Message[]>([]);
  const [current, setCurrent] = useState('public');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [nameError, setNameError] = useState('');
  const [tick, setTick] = useState(0);

  const loadChannels = () =>
    gql<{ pressChannels: Channel[] }>(`query($g:ID!,$s:String){pressChannels(gameId:$g,side:$s){${CHANNELS}}}`, {
      g: gameId,
      s: side,
    }).then(
      (d) => setChannels(d.pressChannels),
      (e: Error) => setError(e.message),
    );

  // The rules are fixed at creation: read once.
  useEffect(() => {
    gql<{ game: { game: { press: Rules } } }>('query($g:ID!){game(id:$g){game{press{mode duringReveal}}}}', {
      g: gameId,
    }).then(
      (d) => setRules(d.game.game.press),
      (e: Error) => setError(e.message),
    );
  }, [gameId]);

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

  const sideChannels = rules?.mode === 'FULL';
  // Sides with no channel of their own yet can be written to (the API opens it).
  const others = sideChannels
    ? sides.filter(
        (s) => s !== side && !channels.some((c) => c.kind === 'SIDES' && c.sides.length === 2 && c.sides.includes(s)),
      )
    : [];
  const closed =
    rules?.mode === 'NONE'
      ? 'This game is played without press.'
      : revealOpen && rules && !rules.duringReveal
        ? 'Press is closed while the sides reveal their orders.'
        : '';

  function openGroup(picked: string[], name: string) {
    const all = [...new Set([...picked, side ?? ''])].filter(Boolean).sort();
    const existing = channels.find((c) => c.kind === 'SIDES' && c.sides.join(',') === all.join(','));
    setNameError('');
    if (existing) return setCurrent(existing.key);
    setGroup({ sides: picked, name });
    setCurrent(GROUP + all.join(','));
  }

  async function send(e: Event) {
    e.preventDefault();
    const to = current.startsWith(NEW_PREFIX)
      ? { sides: [current.slice(NEW_PREFIX.length)] }
      : current.startsWith(GROUP) && group
        ? { sides: group.sides, name: group.name }
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
      setGroup(null);
      setText('');
      setError('');
      void loadChannels();
    } catch (err) {
      const atName = err instanceof ApiError && err.details.some((d) => d.path?.join('.') === 'to.name');
      setNameError(atName ? (err as Error).message : '');
      setError(atName ? '' : (err as Error).message);
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
        {group && current.startsWith(GROUP) && (
          <button type="button" aria-pressed="true">
            {group.name} (new)
          </button>
        )}
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
        aria-label={`Messages: ${open ? channelTitle(open) : current.startsWith(NEW_PREFIX) ? current.slice(NEW_PREFIX.length) : current.startsWith(GROUP) && group ? group.name : 'Everyone'}`}
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
      {closed ? (
        <p class="hint" role="status">
          {closed}
        </p>
      ) : (
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
      )}
      {sideChannels && !closed && side && sides.filter((s) => s !== side).length >= 2 && (
        <NewChannel sides={sides.filter((s) => s !== side)} onOpen={openGroup} serverError={nameError} />
      )}
    </section>
  );
}

/**
 * Picks two or more other sides and a name; the channel opens with its first message (the API
 * takes the name then). Problems show beside the field they concern.
 */
function NewChannel({
  sides,
  onOpen,
  serverError,
}: {
  sides: string[];
  onOpen: (sides: string[], name: string) => void;
  serverError: string;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ sides?: string; name?: string }>({});
  const nameErr = errors.name ?? serverError;

  function submit(e: Event) {
    e.preventDefault();
    const next = {
      sides: picked.length < 2 ? 'Pick at least two other sides (one side is a plain side channel).' : undefined,
      name:
        name.trim().length === 0 || name.trim().length > MAX_NAME
          ? `Give a name of 1 to ${MAX_NAME} characters.`
          : undefined,
    };
    setErrors(next);
    if (!next.sides && !next.name) onOpen(picked, name.trim());
  }

  return (
    <details class="new-channel">
      <summary>New channel of several sides</summary>
      <form onSubmit={submit} noValidate>
        <fieldset {...(errors.sides ? { 'aria-describedby': 'f-group-sides-error', 'aria-invalid': true } : {})}>
          <legend>Sides (yours is added)</legend>
          {sides.map((s) => (
            <label class="check" key={s}>
              <input
                type="checkbox"
                checked={picked.includes(s)}
                onChange={(e) => setPicked((l) => (e.currentTarget.checked ? [...l, s] : l.filter((x) => x !== s)))}
              />{' '}
              {s}
            </label>
          ))}
          {errors.sides && (
            <p class="field-error" id="f-group-sides-error" role="alert">
              {errors.sides}
            </p>
          )}
        </fieldset>
        <div class="field">
          <label for="f-group-name">Channel name</label>
          <input
            id="f-group-name"
            maxLength={MAX_NAME}
            autoComplete="off"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            {...(nameErr ? { 'aria-describedby': 'f-group-name-error', 'aria-invalid': true } : {})}
          />
          {nameErr && (
            <p class="field-error" id="f-group-name-error" role="alert">
              {nameErr}
            </p>
          )}
        </div>
        <button type="submit">Open channel</button>
        <p class="hint">The channel is created with its first message.</p>
      </form>
    </details>
  );
}
