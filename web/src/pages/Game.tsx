import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, currentSession, gql, subscribe } from '../api';
import { type BoardGeometry, type Piece } from '../components/Board';
import { Maps } from '../components/Maps';
import { Deadline } from '../components/Deadline';
import { emptyValue, JsonField, SchemaField, type FormContext, type Schema } from '../components/SchemaForm';
import type { GameSummary } from '../summary';
import { modules, readBoards, readView, type ModuleMeta } from '../game-data';
import { Invitations } from '../components/Invitations';
import { Press } from '../components/Press';
import { legalHexes, namedInChoices, type Named } from '../choices';
import { commitOrders, revealOrders, storedCommitment } from '../commit';
import { Replay } from '../components/Replay';
import { Table, type Vote } from '../components/Table';
import { SeatOffers } from '../components/SeatOffers';
import { GameNotifications } from '../components/Preferences';

interface Text {
  key: string;
  text: string;
}
interface Prompt {
  side: string;
  kind: string;
  secret: boolean;
  description: string;
  choices: unknown;
  defaultOrders: unknown;
  text?: Text | null;
}
interface GameEvent {
  seq: number;
  step: number;
  type: string;
  data: unknown;
  createdAt: string;
  text?: Text | null;
}
interface View {
  viewer: string | null;
  view: unknown;
  game: GameSummary & { pausedReason: string | null; seedHash: string };
  myPrompts: Prompt[];
  owed: { side: string; ready: boolean }[];
  mySubmission: { step: number; side: string; orders: unknown; ready: boolean } | null;
  events: GameEvent[];
  outcome: { winner: string | null; level: string | null; summary: string } | null;
  pieces?: Piece[] | null;
  /** Turn, phase and the board the current step is played on, as the module says. */
  situation?: { board: string | null; text: Text } | null;
  commitments: { side: string; committed: boolean; revealed: boolean }[];
  revealOpen: boolean;
  votes: Vote[];
  canAdminister: boolean;
}

const draftKey = (gameId: string, side: string, step: number, kind: string) =>
  `warpost:draft:${gameId}:${side}:${step}:${kind}`;

/** One game as the player's side sees it: board, what is owed, order forms, and the event log. */
export function GamePage({ gameId }: { gameId: string }) {
  const [side, setSide] = useState<string | undefined>(undefined);
  const [data, setData] = useState<View | null>(null);
  const [meta, setMeta] = useState<ModuleMeta | null>(null);
  const [boards, setBoards] = useState<BoardGeometry[]>([]);
  const [error, setError] = useState('');
  const [live, setLive] = useState(false);
  const [selected, setSelected] = useState<string | undefined>();
  const refTarget = useRef<{ ref: string; set: (v: string) => void } | null>(null);
  const [legal, setLegal] = useState<Set<string> | undefined>();
  const [revealNote, setRevealNote] = useState('');
  const revealing = useRef(new Set<string>());
  const lastSeq = useRef(0);

  /** What the last loaded view held, and whether a load is running or owed after it. */
  const have = useRef({ step: -1, seq: 0 });
  const want = useRef({ step: -1, seq: 0 });
  const loading = useRef<'idle' | 'busy' | 'again'>('idle');
  const behind = () => want.current.step > have.current.step || want.current.seq > have.current.seq;

  /** Loads the view; calls while one runs are folded into one more load after it. */
  async function load() {
    if (loading.current !== 'idle') return void (loading.current = 'again');
    loading.current = 'busy';
    let ok = false;
    try {
      const d = await readView<{ game: View }>(gameId, side);
      lastSeq.current = Math.max(lastSeq.current, ...d.game.events.map((e) => e.seq));
      have.current = { step: d.game.game.step, seq: lastSeq.current };
      setData(d.game);
      setError('');
      ok = true;
    } catch (e) {
      setError((e as Error).message);
    }
    const again = (loading.current as string) === 'again';
    loading.current = 'idle';
    // A load asked for meanwhile, or a notice this load does not cover yet (after a failure, only the former: no retry loop).
    if (again || (ok && behind())) void load();
  }

  /**
   * A live notice (a step, events up to a seq) reloads the view only if it tells of something the
   * page has not loaded: a subscription's first message repeats what the first load already holds.
   */
  function notice(step: number, seq = 0) {
    want.current = { step: Math.max(want.current.step, step), seq: Math.max(want.current.seq, seq) };
    if (loading.current === 'idle' && behind()) void load(); // while one runs, its end looks again
  }

  useEffect(() => void (modules().catch(() => undefined), load()), [gameId, side]);
  useEffect(() => void readBoards(gameId).then(setBoards, (e: Error) => setError(e.message)), [gameId]);
  useEffect(() => {
    if (!data) return;
    modules().then(
      (ms) => setMeta(ms.find((m) => m.id === data.game.module) ?? null),
      () => undefined,
    );
  }, [data?.game.module]);
  useEffect(() => {
    setLive(true);
    const stop = subscribe<{ gameEvents: { step: number; status: string; events: GameEvent[] } }>(
      'subscription($g:ID!,$side:String,$after:Int){ gameEvents(gameId:$g, side:$side, afterSeq:$after) { step status events { seq } } }',
      { g: gameId, side, after: lastSeq.current },
      (d) => notice(d.gameEvents.step, Math.max(0, ...d.gameEvents.events.map((e) => e.seq))),
      () => setLive(false),
    );
    // A step that opens (the start, too) is also announced to the player who owes it.
    const stopTurns = subscribe<{ myTurn: { gameId: string; step: number } }>(
      'subscription { myTurn { gameId step } }',
      {},
      (d) => d.myTurn.gameId === gameId && notice(d.myTurn.step),
    );
    return () => (stop(), stopTurns(), setLive(false));
  }, [gameId, side]);

  // A new step brings new prompts: the board forgets the last one's focused field and legal hexes.
  useEffect(() => {
    refTarget.current = null;
    setLegal(undefined);
  }, [data?.game.step]);

  // Reveal phase: every owed side is bound, so this browser reveals the commitments it holds.
  useEffect(() => {
    if (!data?.revealOpen) return;
    const multi = data.game.seats.filter((s) => s.user.username === currentSession()?.user.username).length > 1;
    for (const c of data.commitments) {
      const k = `${data.game.step}:${c.side}`;
      if (
        !c.committed ||
        c.revealed ||
        revealing.current.has(k) ||
        !data.game.seats.some((s) => s.side === c.side && s.user.username === currentSession()?.user.username)
      )
        continue;
      revealing.current.add(k);
      if (!storedCommitment(gameId, c.side, data.game.step)) {
        setRevealNote(
          `This browser does not hold the orders and salt ${c.side} committed to; reveal them from the browser that committed.`,
        );
        continue;
      }
      setRevealNote(`Revealing ${c.side}'s committed orders…`);
      revealOrders(gameId, c.side, data.game.step, multi ? c.side : undefined).then(
        () => (setRevealNote(`${c.side}'s orders are revealed; they match the commitment.`), void load()),
        (e: Error) => (revealing.current.delete(k), setRevealNote(`The reveal was refused: ${e.message}`)),
      );
    }
  }, [data]);

  // What is not the turn itself (votes, invitations, press, seat offers, replay) is drawn once the
  // map and the prompts are: the first drawing, and the requests those panels make, wait for it.
  const [panels, setPanels] = useState(false);
  useEffect(() => {
    if (!data || panels) return;
    // Safari has no requestIdleCallback: a short timeout there.
    if (typeof requestIdleCallback !== 'function') {
      const t = setTimeout(() => setPanels(true), 50);
      return () => clearTimeout(t);
    }
    const id = requestIdleCallback(() => setPanels(true), { timeout: 300 });
    return () => cancelIdleCallback(id);
  }, [data, panels]);

  const named = useMemo<Named>(
    () => namedInChoices(data?.myPrompts.map((p) => p.choices) ?? [], boards, data?.pieces ?? []),
    [data, boards],
  );

  if (error && !data)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!data) return <p aria-busy="true">Loading the game…</p>;

  const g = data.game;
  const me = currentSession()?.user.username;
  const mySeats = g.seats.filter((s) => s.user.username === me).map((s) => s.side);
  const sides = meta?.sides ?? g.seats.map((s) => s.side);
  // A click on the board fills the focused board-reference field: a piece field takes the counter, others the place.
  const onSelect = (at: string, pieceId?: string) => {
    setSelected(at);
    const t = refTarget.current;
    if (t && t.ref === 'piece') {
      if (pieceId) t.set(pieceId);
    } else t?.set(at);
  };

  return (
    <div class="game">
      <header class="game-head card">
        <h1>
          {meta?.title ?? g.module}: {meta?.scenarios.find((x) => x.id === g.scenario)?.title ?? g.scenario}
        </h1>
        <p>
          <span class={`status ${g.status.toLowerCase()}`}>{g.status.toLowerCase()}</span> · step {g.step}
          {data.viewer ? ` · you play ${data.viewer}` : ' · spectating'}
          {g.deadline && (
            <>
              {' '}
              · <Deadline at={g.deadline} />
            </>
          )}
          <span class={`live ${live ? 'on' : 'off'}`}>{live ? ' · live' : ' · not live'}</span>
        </p>
        {mySeats.length > 1 && (
          <div class="field">
            <label for="f-viewas">View as</label>
            <select
              id="f-viewas"
              name="viewas"
              value={data.viewer ?? ''}
              onChange={(e) => setSide(e.currentTarget.value)}
            >
              {mySeats.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        )}
        {data.situation && (
          <p class="situation" data-board={data.situation.board ?? ''}>
            {data.situation.text.text}
          </p>
        )}
        {g.pausedReason && <p class="error">Paused: {g.pausedReason}</p>}
        {data.outcome && (
          <p class="outcome">
            <strong>Result:</strong> {data.outcome.summary}
          </p>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </header>
      <div class="game-body">
        <section class="board-area card" aria-label="Board">
          {boards.length > 0 ? (
            <Maps
              boards={boards}
              current={data.situation?.board}
              pieces={data.pieces ?? []}
              sides={sides}
              selected={selected}
              legal={legal}
              onSelect={onSelect}
            />
          ) : (
            <details open>
              <summary>What your side sees</summary>
              <pre class="raw" tabIndex={0}>
                {JSON.stringify(data.view, null, 2)}
              </pre>
            </details>
          )}
        </section>
        <aside class="side-panel">
          <section class="card" aria-labelledby="owed-title">
            <h2 id="owed-title">Owed this step</h2>
            {data.owed.length === 0 ? (
              <p>Nothing is owed.</p>
            ) : (
              <ul>
                {data.owed.map((o) => (
                  <li key={o.side}>
                    {o.side}: {o.ready ? 'ready' : 'waiting'}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {revealNote && (
            <p class="card" role="status">
              {revealNote}
            </p>
          )}
          {data.myPrompts.map((p) => (
            <PromptForm
              key={`${g.step}:${p.side}:${p.kind}`}
              gameId={gameId}
              step={g.step}
              prompt={p}
              mySubmission={data.mySubmission}
              schema={meta?.promptKinds.find((k) => k.kind === p.kind)?.ordersSchema ?? undefined}
              named={named}
              commitment={data.commitments.find((c) => c.side === p.side)}
              revealOpen={data.revealOpen}
              onRefFocus={(ref, set) => (
                (refTarget.current = { ref, set }),
                setLegal(legalHexes(named, ref, data.pieces ?? []))
              )}
              onSubmitted={() => void load()}
              multiSeat={mySeats.length > 1}
            />
          ))}
          <EventLog events={data.events} />
          {panels && (
            <>
              <Table
                gameId={gameId}
                votes={data.votes}
                me={me}
                seated={mySeats}
                status={g.status}
                onChange={() => void load()}
              />
              {g.status === 'OPEN' && data.canAdminister && <Invitations gameId={gameId} />}
              {data.viewer && <Press gameId={gameId} side={data.viewer} sides={sides} revealOpen={data.revealOpen} />}
              {g.status === 'ACTIVE' && (
                <SeatOffers
                  gameId={gameId}
                  events={data.events}
                  seated={mySeats.length > 0}
                  sides={sides}
                  canAdminister={data.canAdminister}
                  onChange={() => void load()}
                />
              )}
              <GameNotifications gameId={gameId} />
              {g.step > 1 && (
                <Replay gameId={gameId} side={data.viewer} lastStep={g.step} boards={boards} sides={sides} />
              )}
            </>
          )}
        </aside>
      </div>
    </div>
  );
}

function PromptForm({
  gameId,
  step,
  prompt,
  schema,
  mySubmission,
  named,
  commitment,
  revealOpen,
  onRefFocus,
  onSubmitted,
  multiSeat,
}: {
  gameId: string;
  step: number;
  prompt: Prompt;
  schema?: Schema;
  mySubmission: View['mySubmission'];
  named: Named;
  commitment?: View['commitments'][number];
  revealOpen: boolean;
  onRefFocus: FormContext['onRefFocus'];
  onSubmitted: () => void;
  multiSeat: boolean;
}) {
  const key = draftKey(gameId, prompt.side, step, prompt.kind);
  const [orders, setOrders] = useState<unknown>(() => {
    const saved = localStorage.getItem(key);
    if (saved) return JSON.parse(saved);
    if (mySubmission && mySubmission.step === step && mySubmission.side === prompt.side) return mySubmission.orders;
    return prompt.defaultOrders ?? (schema ? emptyValue(schema, schema) : {});
  });
  const [check, setCheck] = useState<{
    valid: boolean;
    errors: { code: string; path: unknown[]; message: string; rule?: string | null }[];
  } | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const sideArg = multiSeat ? prompt.side : undefined;

  // Dry-run validation as one drafts (debounced); the draft is kept in this browser.
  useEffect(() => {
    localStorage.setItem(key, JSON.stringify(orders));
    const t = setTimeout(() => {
      gql<{ validateOrders: NonNullable<typeof check> }>(
        'mutation($g:ID!,$s:Int!,$o:JSON!,$side:String){validateOrders(gameId:$g,step:$s,orders:$o,side:$side){valid errors{code path message rule}}}',
        { g: gameId, s: step, o: orders ?? null, side: sideArg },
      ).then(
        (d) => setCheck(d.validateOrders),
        (e: Error) => setCheck({ valid: false, errors: [{ code: 'ERROR', path: [], message: e.message }] }),
      );
    }, 350);
    return () => clearTimeout(t);
  }, [JSON.stringify(orders)]);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setStatus('');
    try {
      const d = await gql<{ submitOrders: { stepComplete: boolean; ordersHash: string } }>(
        'mutation($g:ID!,$s:Int!,$o:JSON!,$k:String!,$side:String){submitOrders(gameId:$g,step:$s,orders:$o,idempotencyKey:$k,side:$side){stepComplete ordersHash}}',
        { g: gameId, s: step, o: orders ?? null, k: crypto.randomUUID(), side: sideArg },
      );
      localStorage.removeItem(key);
      setStatus(
        d.submitOrders.stepComplete
          ? 'Orders sent. Every side is ready: the step is resolving.'
          : 'Orders sent and sealed. Waiting for the other sides.',
      );
      onSubmitted();
    } catch (err) {
      const ae = err as ApiError;
      setStatus(`Refused: ${ae.message}`);
      if (ae.details?.length) setCheck({ valid: false, errors: ae.details.map((d) => ({ ...d, path: d.path ?? [] })) });
    } finally {
      setBusy(false);
    }
  }

  /** Secret prompt: send only the hash now; this browser reveals the orders when every side is bound. */
  async function commit() {
    setBusy(true);
    setStatus('');
    try {
      // The draft stays: committed orders are not stored by the server until they are revealed.
      const d = await commitOrders(gameId, prompt.side, step, orders ?? null, sideArg);
      setStatus(
        d.revealOpen
          ? 'Committed. Every side is bound: revealing now.'
          : 'Committed: only a hash of your orders was sent. This browser reveals them when every side is bound.',
      );
      onSubmitted();
    } catch (err) {
      setStatus(`Refused: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  const errs = check?.errors ?? [];
  const ctx: FormContext = {
    root: schema ?? {},
    idPrefix: `o-${prompt.side}-${prompt.kind}`,
    errorsAt: (path) =>
      errs.filter((x) => JSON.stringify(x.path) === JSON.stringify(path) && path.length > 0).map((x) => x.message),
    onRefFocus,
    refOptions: (ref) =>
      [...(ref === 'piece' ? named.pieces : named.hexes)].map(([value, label]) => ({ value, label })),
  };
  const sent = mySubmission && mySubmission.step === step && mySubmission.side === prompt.side;
  const titleId = `${ctx.idPrefix}-title`;
  return (
    <section class="card prompt" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {prompt.side}: {prompt.kind}
        {prompt.secret ? ' (sealed)' : ''}
      </h2>
      <p>{prompt.text?.text ?? prompt.description}</p>
      {prompt.secret && <p class="hint">Sealed: nobody sees these orders until every owed side is in.</p>}
      {!schema && prompt.choices != null && (
        <details>
          <summary>Choices</summary>
          <pre class="raw" tabIndex={0}>
            {JSON.stringify(prompt.choices, null, 2)}
          </pre>
        </details>
      )}
      <form onSubmit={submit}>
        {schema ? (
          <SchemaField schema={schema} value={orders} onChange={setOrders} path={[]} name="orders" ctx={ctx} />
        ) : (
          <JsonField id={`${ctx.idPrefix}-json`} label="Orders" value={orders} onChange={setOrders} errors={[]} />
        )}
        <div class="check-result" aria-live="polite">
          {check === null ? (
            <span class="hint">Checking…</span>
          ) : check.valid ? (
            <span class="ok">These orders are legal.</span>
          ) : (
            <ul class="field-error">
              {errs.map((x, i) => (
                <li key={i}>
                  {x.message}
                  {x.rule ? ` (rule ${x.rule})` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div class="row">
          <button type="submit" class="primary" disabled={busy || revealOpen}>
            {sent ? 'Replace orders' : 'Submit orders'}
          </button>
          {prompt.secret && (
            <button type="button" disabled={busy || revealOpen} onClick={() => void commit()}>
              {commitment?.committed ? 'Commit again' : 'Commit (hash only)'}
            </button>
          )}
          <button type="button" onClick={() => setOrders(prompt.defaultOrders)}>
            Reset to default
          </button>
        </div>
        {commitment?.committed && (
          <p class="hint">
            {commitment.revealed
              ? 'Committed and revealed.'
              : revealOpen
                ? 'Committed; the reveal phase is open.'
                : 'Committed (hash only); you may commit again until every side is bound.'}
          </p>
        )}
        {sent && (
          <p class="hint">
            Sent{mySubmission!.ready ? ' and ready' : ''}; you may replace them until the step resolves.
          </p>
        )}
        {status && <p role="status">{status}</p>}
      </form>
    </section>
  );
}

function EventLog({ events }: { events: GameEvent[] }) {
  const shown = useMemo(() => [...events].reverse(), [events]);
  return (
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title">Event log</h2>
      {shown.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <ol class="log" aria-live="polite" reversed tabIndex={0} aria-label="Events, newest first">
          {shown.map((e) => (
            <li key={e.seq}>
              <span class="hint">step {e.step}</span>{' '}
              {e.text?.text ?? `${e.type}${e.data != null ? `: ${JSON.stringify(e.data)}` : ''}`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
