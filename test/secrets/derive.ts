/**
 * Secrets derived from the views, not listed by hand: what a side's own view shows and another
 * viewer's view does not is hidden from that viewer, until the rules show it to them (it enters
 * their view). A `Ledger` follows one game step by step and answers, for each viewer, which
 * strings and which (piece, attribute, value) facts it must not receive by any channel.
 *
 * The filter (why only identifier-like strings): short common strings (side names, terrain and
 * status words, hex numbers, counts) are in every view and every event for public reasons, so
 * "absent from the opponent's view" says nothing about them. A string that mixes letters and
 * digits (C:1/9, tog-BB-1, tf_375f…, a decorated note) names one piece or one secret: if it is in
 * the owner's view and never in the opponent's, its appearance anywhere the opponent reads is a
 * leak. Short hidden values (an organisation, a counter number) are checked as facts about a
 * piece instead, for the attribute keys the module's kit declares (SecretsKit.hiddenKeys).
 * Press adds secrets of its own: a token sent in a message is hidden from everyone outside the
 * message's audience (Ledger.press).
 */
import type { GameModule, Json, Side, Viewer } from '#engine/contract.js';
import type { ModuleKit } from '#engine/kit.js';

/** Letters and digits together, no spaces, at least 3 characters (see the file comment). */
const ID_LIKE = /^(?=.*[A-Za-z])(?=.*\d)[^\s"]{3,}$/;
export const idLike = (s: string) => ID_LIKE.test(s);

type Obj = { [k: string]: Json };
/** Rule citations (`rule: 'H39'`) are the rulebook's public text, not a piece's name. */
const CITATION_KEYS = new Set(['rule']);
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every identifier-like string value and object key in `v`, less the public words. */
export function tokensOf(v: unknown, pub: ReadonlySet<string>, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') {
    if (idLike(v) && !pub.has(v)) out.add(v);
  } else if (Array.isArray(v)) for (const x of v) tokensOf(x, pub, out);
  else if (isObj(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (CITATION_KEYS.has(k)) continue;
      if (idLike(k) && !pub.has(k)) out.add(k);
      tokensOf(x, pub, out);
    }
  }
  return out;
}

/** The names an object goes by: its own identifier-like string values (id, alias, tf, unit...). */
const namesOf = (o: Obj) =>
  Object.entries(o)
    .filter(([k, x]) => !CITATION_KEYS.has(k) && typeof x === 'string' && idLike(x))
    .map(([, x]) => x as string);
const fact = (name: string, key: string, value: Json) => `${name}\u0000${key}\u0000${JSON.stringify(value)}`;

function eachObject(v: unknown, fn: (o: Obj, path: string[]) => void, path: string[] = []) {
  if (Array.isArray(v)) v.forEach((x) => eachObject(x, fn, path));
  else if (isObj(v)) {
    fn(v, path);
    for (const [k, x] of Object.entries(v)) eachObject(x, fn, [...path, k]);
  }
}

/** (name, key, value) for every hidden key every object of `v` shows. */
export function factsOf(v: unknown, keys: readonly string[], out = new Set<string>()): Set<string> {
  eachObject(v, (o) => {
    for (const k of keys) if (k in o && o[k] !== null) for (const n of namesOf(o)) out.add(fact(n, k, o[k]));
  });
  return out;
}

/**
 * Hidden attributes of `owner`'s pieces in `payload` that `known` (all a viewer's view ever showed)
 * does not hold: an object owned by `owner` (by an owner key) that carries a hidden key with a
 * value the viewer's view never showed for any name of that object.
 */
export function attributeLeaks(payload: unknown, owner: Side, kit: ModuleKit, known: ReadonlySet<string>): string[] {
  // Only named objects are pieces: an unnamed one (a list of unit types entering an orbit box, a
  // face-up counter shown by type) binds its values to no particular piece.
  const keys = kit.secrets.hiddenKeys ?? [];
  const ownerKeys = kit.secrets.ownerKeys ?? ['side'];
  if (!keys.length) return [];
  const found: string[] = [];
  eachObject(payload, (o, path) => {
    if (!ownerKeys.some((k) => o[k] === owner)) return;
    for (const k of keys) {
      if (!(k in o) || o[k] === null) continue;
      const names = namesOf(o);
      if (names.length && !names.some((n) => known.has(fact(n, k, o[k]))))
        found.push(`${path.join('.')}: ${owner}'s ${names[0]} shows ${k}=${JSON.stringify(o[k])}`);
    }
  });
  return found;
}

/** Where `secret` stands in `text` as a whole token (not inside a longer identifier). */
export function findToken(text: string, secret: string): number {
  const edge = /[\w:/#.-]/;
  for (let at = text.indexOf(secret); at >= 0; at = text.indexOf(secret, at + 1)) {
    const before = text[at - 1];
    const after = text[at + secret.length];
    if (
      (!before || !edge.test(before)) &&
      (!after || !edge.test(after) || (after === '.' && !edge.test(text[at + secret.length + 1] ?? '')))
    )
      return at;
  }
  return -1;
}

/** The first of `secrets` in any of `texts`, as a readable finding. */
export function scan(label: string, texts: readonly string[], secrets: Iterable<string>): string[] {
  const found: string[] = [];
  for (const s of secrets) {
    for (const t of texts) {
      const at = findToken(t, s);
      if (at >= 0) {
        found.push(`${label}: hidden ${s.slice(0, 60)} in …${t.slice(Math.max(0, at - 200), at + 100)}…`);
        break;
      }
    }
  }
  return found;
}

/** The name an item of a list is shown by: `id`, else its first identifier-like value. */
const shownId = (o: Obj) => (typeof o.id === 'string' ? o.id : namesOf(o)[0]);

/**
 * List order (a secret may hide in the order of a list): in `view` (of `viewer`), every array
 * holding pieces of another side must list them by their shown id, which carries no hidden
 * information (aliases and opaque ids are keyed, or the piece is face up). An array the kit says
 * is ordered by a public rule (a printed counter mix, say) may differ, but its order must be one
 * fixed order: two pieces never change places from step to step, as they would if the list
 * followed a hidden attribute that changes in play (place, TF, real id behind a renamed alias).
 * `seen` keeps, per viewer and array, which of two shown ids came first.
 */
export function orderProblems(
  view: Json,
  viewer: Viewer,
  sides: Side[],
  kit: ModuleKit,
  seen: Map<string, Map<string, boolean>>,
): string[] {
  const ownerKeys = kit.secrets.ownerKeys ?? ['side'];
  const problems: string[] = [];
  const arraysAt = (v: unknown, fn: (a: Json[], path: string) => void, path: string[] = []) => {
    if (Array.isArray(v)) {
      fn(v, path.join('.'));
      v.forEach((x) => arraysAt(x, fn, path));
    } else if (isObj(v)) for (const [k, x] of Object.entries(v)) arraysAt(x, fn, [...path, k]);
  };
  const ownerOf = (x: Json) =>
    (isObj(x) ? ownerKeys.map((k) => x[k]).find((s) => typeof s === 'string') : undefined) as string | undefined;
  const who = viewer ?? 'spectator';
  arraysAt(view, (arr, path) => {
    for (const owner of sides) {
      if (owner === viewer) continue;
      const ids = arr
        .filter((x) => ownerOf(x) === owner)
        .map((x) => shownId(x as Obj))
        .filter((x): x is string => !!x);
      if (ids.length < 2) continue;
      const byRule = kit.secrets.orderedByRule?.[path];
      if (!byRule) {
        const sorted = [...ids].sort();
        if (!ids.every((x, i) => x === sorted[i]))
          problems.push(
            `${path}: ${who} sees ${owner}'s pieces out of shown-id order (${ids.slice(0, 6).join(', ')}…)`,
          );
        continue;
      }
      if (!byRule.fixed) continue; // made public as it happens, by the rule the kit cites
      const key = `${who}|${path}`;
      const pairs = seen.get(key) ?? seen.set(key, new Map()).get(key)!;
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const [x, y] = ids[i] < ids[j] ? [ids[i], ids[j]] : [ids[j], ids[i]];
          const xFirst = x === ids[i];
          const before = pairs.get(`${x}\u0000${y}`);
          if (before !== undefined && before !== xFirst)
            problems.push(
              `${path}: ${who} sees ${owner}'s ${x} and ${y} change places (the order follows something that changes in play)`,
            );
          pairs.set(`${x}\u0000${y}`, xFirst);
        }
      }
    }
  });
  return problems;
}

/** What each viewer may not receive, step by step, for one game. */
export class Ledger<S = unknown> {
  private readonly pub: Set<string>;
  /** Every token and fact each viewer's view has shown so far (key: side, or '' for spectators). */
  private readonly knownTokens = new Map<string, Set<string>>();
  private readonly knownFacts = new Map<string, Set<string>>();
  /** Tokens each side's own view showed at the last observed step and the one before. */
  private recent: Record<Side, Set<string>>[] = [];
  /** The kit's extra secrets per viewer key, at the last observed step and the one before. */
  private extras: Map<string, string[]>[] = [];
  private readonly orderSeen = new Map<string, Map<string, boolean>>();
  /** Press: a token sent in a message, and the viewers (sides, or null for spectators) it was for. */
  private readonly pressed: { token: string; audience: Viewer[] }[] = [];
  state!: S;
  views!: Record<Side, Json>;
  spectatorView!: Json;

  constructor(
    readonly module: GameModule<S, any>,
    readonly kit: ModuleKit<S>,
    readonly sides: Side[],
    scenario: string,
  ) {
    const pub = new Set<string>(sides);
    for (const b of module.boards?.(scenario) ?? []) {
      pub.add(b.id);
      for (const h of b.hexes) pub.add(h.id);
      for (const x of b.boxes) pub.add(x.id);
      for (const t of b.tracks) for (const s of t.spaces) pub.add(s.id);
    }
    this.pub = pub;
  }

  private key = (v: Viewer) => v ?? '';

  /** Takes the state after a step: every viewer's view joins what that viewer knows. */
  observe(state: S) {
    this.state = state;
    for (const w of this.kit.secrets.publicWords?.(state) ?? []) this.pub.add(w);
    const keys = this.kit.secrets.hiddenKeys ?? [];
    this.views = Object.fromEntries(this.sides.map((s) => [s, this.module.view(state, s)]));
    this.spectatorView = this.module.view(state, null);
    for (const v of [...this.sides, null] as Viewer[]) {
      const view = v === null ? this.spectatorView : this.views[v];
      const k = this.key(v);
      tokensOf(view, this.pub, this.knownTokens.get(k) ?? this.knownTokens.set(k, new Set()).get(k));
      factsOf(view, keys, this.knownFacts.get(k) ?? this.knownFacts.set(k, new Set()).get(k));
    }
    this.recent = [
      Object.fromEntries(this.sides.map((s) => [s, tokensOf(this.views[s], this.pub)])),
      ...this.recent,
    ].slice(0, 2);
    const extra = new Map(this.sides.map((s) => [s, this.kit.secrets.extraSecrets?.(state, s) ?? []]));
    extra.set('', [...extra.values()].flat()); // a spectator may know no side's
    this.extras = [extra, ...this.extras].slice(0, 2);
  }

  /**
   * Strings hidden from `viewer` now: what another side's view showed at this step or the last
   * (events of a step may name what the step removed) and `viewer`'s never did, plus the kit's
   * extra secrets for `viewer` (for spectators: every side's).
   */
  secretsFor(viewer: Viewer): Set<string> {
    const known = this.knownTokens.get(this.key(viewer))!;
    const out = new Set<string>();
    for (const snap of this.recent)
      for (const [side, toks] of Object.entries(snap))
        if (side !== viewer) for (const t of toks) if (!known.has(t)) out.add(t);
    for (const snap of this.extras) for (const e of snap.get(this.key(viewer)) ?? []) out.add(e);
    for (const m of this.pressed) if (!m.audience.includes(viewer)) out.add(m.token);
    return out;
  }

  /** A press message carried `token` to `audience`: every other viewer must never receive it. */
  press(token: string, audience: Viewer[]) {
    this.pressed.push({ token, audience });
  }

  /** Every finding for `viewer` in `payloads` (raw texts or JSON values of one channel). */
  check(
    label: string,
    viewer: Viewer,
    payloads: readonly unknown[],
    secrets = this.secretsFor(viewer),
    revealed?: ReadonlySet<string>,
  ): string[] {
    const texts = payloads.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)));
    const found = scan(`${label} (${viewer ?? 'spectator'})`, texts, secrets);
    const known = this.knownFacts.get(this.key(viewer))!;
    const facts = revealed?.size ? new Set([...known, ...revealed]) : known;
    for (const p of payloads) {
      let json: unknown = p;
      if (typeof p === 'string') {
        try {
          json = JSON.parse(p);
        } catch {
          continue;
        }
      }
      for (const owner of this.sides)
        if (owner !== viewer)
          found.push(
            ...attributeLeaks(json, owner, this.kit, facts).map((f) => `${label} (${viewer ?? 'spectator'}): ${f}`),
          );
    }
    return found;
  }

  /** List-order findings in the current views of every viewer. */
  orderFindings(): string[] {
    return [...this.sides, null].flatMap((v) =>
      orderProblems(v === null ? this.spectatorView : this.views[v], v, this.sides, this.kit, this.orderSeen),
    );
  }

  /**
   * Events as `viewer` receives them, in order: each is checked against what is hidden from
   * `viewer` at that point; an event the kit names as a reveal of the rules
   * (SecretsKit.revealedBy) shows `viewer` what it names, in itself and in the events after it.
   * Events naming it before its reveal are still leaks. `learn`: the reveals also count for good
   * (as a view showing them would); a second channel carrying the same events passes `secrets`
   * taken before the first was learnt from, and `learn: false`.
   */
  checkEvents(
    label: string,
    viewer: Viewer,
    events: readonly { type: string; data: Json }[],
    secrets = this.secretsFor(viewer),
    learn = true,
  ): string[] {
    const known = this.knownTokens.get(this.key(viewer))!;
    const hidden = new Set(secrets);
    // What the step's rules reveals showed of the pieces they name (hidden attributes included).
    const revealed = new Set<string>();
    const found: string[] = [];
    for (const e of events) {
      if (e.type in (this.kit.secrets.revealedBy ?? {})) {
        for (const t of tokensOf(e.data, this.pub)) {
          if (learn) known.add(t);
          hidden.delete(t);
        }
        factsOf(e.data, this.kit.secrets.hiddenKeys ?? [], revealed);
        if (learn) for (const f of revealed) this.knownFacts.get(this.key(viewer))!.add(f);
      }
      found.push(...this.check(label, viewer, [e], hidden, revealed));
    }
    return found;
  }

  /** How many strings the derivation found hidden from someone now (a test that finds none proves nothing). */
  hiddenCount(): number {
    return [...this.sides, null].reduce((n, v) => n + this.secretsFor(v as Viewer).size, 0);
  }
}
