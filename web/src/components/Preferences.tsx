/**
 * The grid of notification switches, one per kind and channel: the user's defaults (Settings),
 * or with `gameId` one game's values, where a switch changed here becomes an override for that
 * game only (`setNotificationPreferences(gameId)`) and the overrides can be dropped at once
 * (`clearGameNotificationPreferences`). A refused switch shows the API's message beside it.
 */
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';

export interface Preference {
  kind: string;
  channel: string;
  enabled: boolean;
  source?: string;
}

const KIND_LABELS: Record<string, string> = {
  YOUR_TURN: 'Your turn',
  STEP_RESOLVED: 'Step resolved',
  DEADLINE_REMINDER: 'Deadline reminder',
  GAME_STARTED: 'Game started',
  GAME_FINISHED: 'Game finished',
  GAME_PAUSED: 'Game paused',
  INVITATION: 'Invitation',
  VOTE: 'Vote',
  PRESS: 'Press message',
};
const CHANNEL_LABELS: Record<string, string> = { EMAIL: 'Email', PUSH: 'Push', WEBHOOK: 'Webhook' };
const label = (labels: Record<string, string>, k: string) => labels[k] ?? k;
const key = (p: { kind: string; channel: string }) => `${p.kind} ${p.channel}`;
const cellId = (scope: string, kind: string, channel: string) => `pref-${scope}-${kind}-${channel}`;

export function PreferenceGrid({
  preferences,
  onChange,
  gameId,
}: {
  preferences: Preference[];
  onChange: (p: Preference[]) => void;
  gameId?: string;
}) {
  /** Messages by switch ("KIND CHANNEL"); "" for what concerns the whole grid. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const kinds = [...new Set(preferences.map((p) => p.kind))];
  const channels = [...new Set(preferences.map((p) => p.channel))];
  const find = (kind: string, channel: string) => preferences.find((p) => p.kind === kind && p.channel === channel);
  const scope = gameId ? 'game' : 'user';
  const fields = gameId ? 'kind channel enabled source' : 'kind channel enabled';

  async function set(kind: string, channel: string, on: boolean) {
    const at = `${kind} ${channel}`;
    try {
      const d = await gql<{ setNotificationPreferences: Preference[] }>(
        `mutation($p:[PreferenceInput!]!,$g:ID){setNotificationPreferences(preferences:$p,gameId:$g){${fields}}}`,
        { p: [{ kind, channel, enabled: on }], g: gameId ?? null },
      );
      // Merged in: the answer may hold only the values this call set.
      const next = new Map(preferences.map((p) => [key(p), p]));
      for (const p of d.setNotificationPreferences) next.set(key(p), p);
      onChange([...next.values()]);
      setErrors((e) => ({ ...e, [at]: '', '': '' }));
    } catch (e) {
      setErrors((x) => ({ ...x, [at]: (e as Error).message }));
    }
  }

  async function clear() {
    try {
      await gql(`mutation($g:ID!){clearGameNotificationPreferences(gameId:$g)}`, { g: gameId });
      const d = await gql<{ notificationSettings: { preferences: Preference[] } }>(
        `query($g:ID){notificationSettings{preferences(gameId:$g){${fields}}}}`,
        { g: gameId },
      );
      onChange(d.notificationSettings.preferences);
      setErrors({});
    } catch (e) {
      setErrors({ '': (e as Error).message });
    }
  }

  const overrides = preferences.filter((p) => p.source === 'GAME').length;
  return (
    <>
      <table class="prefs">
        <thead>
          <tr>
            <th scope="col">Notification</th>
            {channels.map((c) => (
              <th scope="col" key={c}>
                {label(CHANNEL_LABELS, c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <tr key={k}>
              <th scope="row">{label(KIND_LABELS, k)}</th>
              {channels.map((c) => {
                const p = find(k, c);
                const id = cellId(scope, k, c);
                const err = errors[`${k} ${c}`];
                const notes = [p?.source === 'GAME' && `${id}-src`, err && `${id}-error`].filter(Boolean).join(' ');
                return (
                  <td key={c}>
                    <input
                      type="checkbox"
                      id={id}
                      aria-label={`${label(KIND_LABELS, k)} by ${label(CHANNEL_LABELS, c)}`}
                      checked={p?.enabled ?? false}
                      onChange={(e) => void set(k, c, e.currentTarget.checked)}
                      {...(notes ? { 'aria-describedby': notes } : {})}
                      {...(err ? { 'aria-invalid': true } : {})}
                    />
                    {p?.source === 'GAME' && (
                      <span class="hint" id={`${id}-src`}>
                        {' '}
                        set for this game
                      </span>
                    )}
                    {err && (
                      <p class="field-error" id={`${id}-error`} role="alert">
                        {err}
                      </p>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {gameId && (
        <p>
          <button type="button" disabled={overrides === 0} onClick={() => void clear()}>
            Use my defaults for this game
          </button>{' '}
          <span class="hint">
            {overrides === 0
              ? 'No override: your defaults apply.'
              : `${overrides} override${overrides === 1 ? '' : 's'} for this game.`}
          </span>
        </p>
      )}
      {errors[''] && (
        <p class="error" role="alert">
          {errors['']}
        </p>
      )}
    </>
  );
}

/** The game page's card: this game's notifications, overriding the user's defaults. */
export function GameNotifications({ gameId }: { gameId: string }) {
  const [prefs, setPrefs] = useState<Preference[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    gql<{ notificationSettings: { preferences: Preference[] } }>(
      'query($g:ID){notificationSettings{preferences(gameId:$g){kind channel enabled source}}}',
      { g: gameId },
    ).then(
      (d) => setPrefs(d.notificationSettings.preferences),
      (e: Error) => setError(e.message),
    );
  }, [gameId]);
  return (
    <section class="card" aria-labelledby="game-notify-title">
      <h2 id="game-notify-title">Notifications for this game</h2>
      <details>
        <summary>What is sent where for this game</summary>
        <p class="hint">
          A switch changed here applies to this game only; the others follow your defaults in{' '}
          <a href="/settings">Settings</a>.
        </p>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {prefs && <PreferenceGrid preferences={prefs} onChange={setPrefs} gameId={gameId} />}
      </details>
    </section>
  );
}
