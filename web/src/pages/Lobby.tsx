import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, gql, subscribe } from '../api';
import { navigate } from '../router';
import { Deadline } from '../components/Deadline';
import { Vacation } from '../components/Vacation';
import { SUMMARY, type GameSummary } from '../summary';

export interface ModuleInfo {
  id: string;
  title: string;
  sides: string[];
  scenarios: { id: string; title: string; description: string; sides: string[] }[];
  options: {
    id: string;
    description: string;
    type: string;
    default: unknown;
    values?: string[] | null;
    rule?: string | null;
  }[];
}

const MODULES =
  'modules { id title sides scenarios { id title description sides } options { id description type default values rule } }';
const PRESETS: [string, string][] = [
  ['none', 'No clock'],
  ['live', 'Live (5 minutes a step)'],
  ['fast', 'Fast (1 hour a step)'],
  ['standard', 'Standard (1 day a step)'],
  ['slow', 'Slow (3 days a step)'],
  ['custom', 'Custom'],
];

export function openSides(g: GameSummary, modules: ModuleInfo[]): string[] {
  const sc = modules.find((m) => m.id === g.module)?.scenarios.find((s) => s.id === g.scenario);
  const taken = new Set(g.seats.map((s) => s.side));
  return (sc?.sides ?? []).filter((s) => !taken.has(s));
}

/** The lobby: my games (what I owe first), a new game, and the open public games. */
export function Lobby() {
  const [modules, setModules] = useState<ModuleInfo[]>([]);
  const [open, setOpen] = useState<GameSummary[]>([]);
  const [mine, setMine] = useState<GameSummary[]>([]);
  const [offered, setOffered] = useState<GameSummary[]>([]);
  /** Games I created or sit in: an open private game outside them is one I was invited to. */
  const [ownIds, setOwnIds] = useState<Set<string>>(new Set());
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const reload = () => setTick((t) => t + 1);

  useEffect(() => {
    gql<{
      modules: ModuleInfo[];
      open: GameSummary[];
      mine: GameSummary[];
      offered: GameSummary[];
      dashboard: { owing: { id: string }[]; others: { id: string }[] };
    }>(
      `{ ${MODULES} open: games(status: OPEN, first: 100) { ${SUMMARY} } mine: games(mine: true, first: 100) { ${SUMMARY} }` +
        ` offered: games(filter: { offeredSeats: true }, first: 100) { ${SUMMARY} offeredSides }` +
        ` dashboard(first: 200) { owing { id } others { id } } }`,
    ).then(
      (d) => (
        setModules(d.modules),
        setOpen(d.open),
        setMine(d.mine),
        setOffered(d.offered),
        setOwnIds(new Set([...d.dashboard.owing, ...d.dashboard.others].map((g) => g.id))),
        setError('')
      ),
      (e: Error) => setError(e.message),
    );
  }, [tick]);

  // Each turn that opens for me (the subscription starts with those owed now) refreshes the lists.
  useEffect(
    () => subscribe<{ myTurn: { gameId: string } }>('subscription { myTurn { gameId } }', {}, () => reload()),
    [],
  );

  // What I owe comes first: the server says so per game (iOwe), and myTurn notices keep it live.
  const owedSides = (g: GameSummary) => (g.iOwe ? g.myOwedSides : []);
  const sortedMine = useMemo(() => {
    const rank = (g: GameSummary) =>
      owedSides(g).length ? 0 : g.status === 'ACTIVE' ? 1 : g.status === 'OPEN' ? 2 : 3;
    return [...mine].sort((a, b) => rank(a) - rank(b));
  }, [mine]);

  async function join(gameId: string, side: string) {
    try {
      await gql(`mutation($g:ID!,$s:String){joinGame(gameId:$g,side:$s){id status}}`, { g: gameId, s: side });
      navigate(`/games/${encodeURIComponent(gameId)}`);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  // A seat its player left (or the admin offered): taking it inherits the side as it stands.
  async function take(gameId: string, side: string) {
    try {
      await gql(`mutation($g:ID!,$s:String!){takeSeat(gameId:$g,side:$s){id}}`, { g: gameId, s: side });
      navigate(`/games/${encodeURIComponent(gameId)}`);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const mineIds = new Set(mine.map((g) => g.id));
  const invited = open.filter((g) => !g.isPublic && !ownIds.has(g.id) && !mineIds.has(g.id));
  const listed = open.filter((g) => !invited.includes(g));
  /** Games with sides to join: each side a button; a game of mine says so. */
  const joinable = (games: GameSummary[]) => (
    <ul class="games">
      {games.map((g) => (
        <ListedGame
          key={g.id}
          g={g}
          modules={modules}
          mine={mineIds.has(g.id)}
          detail={<span class="tc">{g.timeControl.preset}</span>}
          sides={openSides(g, modules)}
          verb="join as"
          onPick={(side) => void join(g.id, side)}
        />
      ))}
    </ul>
  );

  return (
    <div class="lobby">
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <section class="card" aria-labelledby="mine-title">
        <h1 id="mine-title">My games</h1>
        {sortedMine.length === 0 ? (
          <p>You hold no seat yet. Create a game or join one below.</p>
        ) : (
          <ul class="games">
            {sortedMine.map((g) => (
              <li key={g.id} class={owedSides(g).length ? 'owed' : ''}>
                <a href={`/games/${encodeURIComponent(g.id)}`}>{titleOf(g, modules)}</a>
                <span class={`status ${g.status.toLowerCase()}`}>{g.status.toLowerCase()}</span>
                {owedSides(g).length > 0 && <strong class="badge">Your turn ({owedSides(g).join(', ')})</strong>}
                <span>step {g.step}</span>
                {g.deadline && <Deadline at={g.deadline} />}
              </li>
            ))}
          </ul>
        )}
      </section>
      {invited.length > 0 && (
        <section class="card" aria-labelledby="invited-title">
          <h2 id="invited-title">Invitations</h2>
          {joinable(invited)}
        </section>
      )}
      <CreateGame modules={modules} onCreated={(id) => navigate(`/games/${encodeURIComponent(id)}`)} />
      <Vacation />
      <section class="card" aria-labelledby="open-title">
        <h2 id="open-title">Open games</h2>
        <button type="button" onClick={reload}>
          Refresh
        </button>
        {listed.length === 0 ? <p>No game is waiting for players.</p> : joinable(listed)}
      </section>
      {offered.length > 0 && (
        <section class="card" aria-labelledby="offered-title">
          <h2 id="offered-title">Seats offered in running games</h2>
          <ul class="games">
            {offered.map((g) => (
              <ListedGame
                key={g.id}
                g={g}
                modules={modules}
                mine={mineIds.has(g.id)}
                detail={<span>step {g.step}</span>}
                sides={g.offeredSides ?? []}
                verb="take seat"
                onPick={(side) => void take(g.id, side)}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A game in a lobby list: its title, who sits where, and a button per side the caller may take. */
function ListedGame({
  g,
  modules,
  mine,
  detail,
  sides,
  verb,
  onPick,
}: {
  g: GameSummary;
  modules: ModuleInfo[];
  mine: boolean;
  detail: ComponentChildren;
  sides: string[];
  verb: string;
  onPick: (side: string) => void;
}) {
  const title = titleOf(g, modules);
  const label = verb[0].toUpperCase() + verb.slice(1);
  return (
    <li>
      <span>{title}</span>
      <span>seated: {g.seats.map((s) => `${s.side} (${s.user.username})`).join(', ') || 'nobody'}</span>
      {detail}
      {(!mine || g.allowMultiSeat) &&
        sides.map((side) => (
          <button type="button" key={side} onClick={() => onPick(side)} aria-label={`${title}: ${verb} ${side}`}>
            {label} {side}
          </button>
        ))}
      {mine && <a href={`/games/${encodeURIComponent(g.id)}`}>Open</a>}
    </li>
  );
}

function titleOf(g: GameSummary, modules: ModuleInfo[]) {
  if (g.title) return g.title;
  const m = modules.find((x) => x.id === g.module);
  const sc = m?.scenarios.find((s) => s.id === g.scenario);
  return `${m?.title ?? g.module}: ${sc?.title ?? g.scenario}`;
}

/** The new-game form, built from the module's scenarios and options (Module.options). */
function CreateGame({ modules, onCreated }: { modules: ModuleInfo[]; onCreated: (id: string) => void }) {
  const [moduleId, setModuleId] = useState('');
  const [scenario, setScenario] = useState('');
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [preset, setPreset] = useState('none');
  const [stepSeconds, setStepSeconds] = useState(3600);
  const [side, setSide] = useState('random');
  const [isPublic, setIsPublic] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const mod = modules.find((m) => m.id === moduleId) ?? modules[0];
  const sc = mod?.scenarios.find((s) => s.id === scenario) ?? mod?.scenarios[0];

  useEffect(() => {
    if (!mod) return;
    setOptions(Object.fromEntries(mod.options.map((o) => [o.id, o.default])));
    setScenario(mod.scenarios[0]?.id ?? '');
    setSide('random');
  }, [mod?.id]);

  if (!mod) return null;

  async function create(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const input = {
        module: mod!.id,
        scenario: sc!.id,
        options,
        timeControl: preset === 'custom' ? { preset, stepSeconds } : { preset },
        isPublic,
        ...(side === '' ? {} : { side }),
      };
      const d = await gql<{ createGame: { id: string } }>(`mutation($i:CreateGameInput!){createGame(input:$i){id}}`, {
        i: input,
      });
      onCreated(d.createGame.id);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(String(err), 'ERROR'));
    }
  }

  return (
    <section class="card" aria-labelledby="create-title">
      <h2 id="create-title">New game</h2>
      <form onSubmit={create} class="grid">
        <div class="field">
          <label for="f-module">Game</label>
          <select id="f-module" name="module" value={mod.id} onChange={(e) => setModuleId(e.currentTarget.value)}>
            {modules.map((m) => (
              <option key={m.id} value={m.id}>
                {m.title}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="f-scenario">Scenario</label>
          <select id="f-scenario" name="scenario" value={sc?.id} onChange={(e) => setScenario(e.currentTarget.value)}>
            {mod.scenarios.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
        {sc && <p class="hint wide">{sc.description}</p>}
        <div class="field">
          <label for="f-side">Your side</label>
          <select id="f-side" name="side" value={side} onChange={(e) => setSide(e.currentTarget.value)}>
            <option value="random">Random</option>
            {sc?.sides.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            <option value="">None (do not seat me)</option>
          </select>
        </div>
        <div class="field">
          <label for="f-preset">Time control</label>
          <select id="f-preset" name="preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
            {PRESETS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </div>
        {preset === 'custom' && (
          <div class="field">
            <label for="f-stepSeconds">Seconds a step</label>
            <input
              id="f-stepSeconds"
              type="number"
              name="stepSeconds"
              min={1}
              max={5184000}
              value={stepSeconds}
              onInput={(e) => setStepSeconds(Number(e.currentTarget.value))}
            />
          </div>
        )}
        <label class="check">
          <input
            type="checkbox"
            name="isPublic"
            checked={isPublic}
            onChange={(e) => setIsPublic(e.currentTarget.checked)}
          />
          Listed publicly
        </label>
        {mod.options.length > 0 && (
          <fieldset class="wide">
            <legend>Options</legend>
            {mod.options.map((o) => (
              <OptionField
                key={o.id}
                spec={o}
                value={options[o.id]}
                onChange={(v) => setOptions((x) => ({ ...x, [o.id]: v }))}
              />
            ))}
          </fieldset>
        )}
        {error && (
          <div class="error wide" role="alert">
            <p>{error.message}</p>
            {error.details.length > 0 && (
              <ul>
                {error.details.map((d, i) => (
                  <li key={i}>{d.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <button type="submit" class="primary">
          Create game
        </button>
      </form>
    </section>
  );
}

function OptionField({
  spec,
  value,
  onChange,
}: {
  spec: ModuleInfo['options'][number];
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const label = `${spec.description}${spec.rule ? ` (rule ${spec.rule})` : ''}`;
  if (spec.type === 'boolean')
    return (
      <label class="check">
        <input
          type="checkbox"
          name={`option-${spec.id}`}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        {label}
      </label>
    );
  if (spec.values?.length)
    return (
      <div class="field">
        <label for={`f-option-${spec.id}`}>{label}</label>
        <select
          id={`f-option-${spec.id}`}
          name={`option-${spec.id}`}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          {spec.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <div class="field">
      <label for={`f-option-${spec.id}`}>{label}</label>
      {spec.type === 'number' ? (
        <input
          id={`f-option-${spec.id}`}
          name={`option-${spec.id}`}
          type="number"
          value={String(value ?? '')}
          onInput={(e) => onChange(Number(e.currentTarget.value))}
        />
      ) : (
        <input
          id={`f-option-${spec.id}`}
          name={`option-${spec.id}`}
          type="text"
          value={String(value ?? '')}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </div>
  );
}
