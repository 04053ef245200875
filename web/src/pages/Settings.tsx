import { useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, gql } from '../api';
import { PushButton } from '../components/PushButton';
import { PreferenceGrid, type Preference } from '../components/Preferences';
import { AuthorisedApps, MyApps } from '../components/Apps';

interface NotificationSettings {
  email: string | null;
  pendingEmail: string | null;
  timeZone: string;
  quietHours: { start: string; end: string } | null;
  digest: boolean;
  digestTime: string;
  emailAvailable: boolean;
  preferences: Preference[];
}

const FIELDS =
  'email pendingEmail timeZone quietHours { start end } digest digestTime emailAvailable preferences { kind channel enabled }';

/** Field errors of an API error keyed by their path ("input.quietHours.start"); the rest under "". */
function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || !e.details.length) return { '': (e as Error).message };
  const out: Record<string, string> = {};
  for (const d of e.details) {
    const key = Array.isArray(d.path) ? d.path.join('.') : '';
    out[key] = out[key] ? `${out[key]} ${d.message}` : d.message;
  }
  return out;
}

/** The message under a field, tied to it by aria-describedby (id `${id}-error`). */
function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p class="field-error" id={`${id}-error`} role="alert">
      {text}
    </p>
  ) : null;
}

const described = (id: string, text?: string) =>
  text ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true as const } : {};

/** An "HH:MM" field with its label and the API's message for it. */
function TimeField(p: { id: string; label: string; value: string; onInput: (v: string) => void; error?: string }) {
  return (
    <div class="field">
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        type="time"
        required
        value={p.value}
        onInput={(e) => p.onInput(e.currentTarget.value)}
        {...described(p.id, p.error)}
      />
      <FieldError id={p.id} text={p.error} />
    </div>
  );
}

/** Notification settings: mail address, time zone, quiet hours, the digest and per-kind switches. */
export function SettingsPage() {
  const [s, setS] = useState<NotificationSettings | null>(null);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    gql<{ notificationSettings: NotificationSettings }>(`{ notificationSettings { ${FIELDS} } }`).then(
      (d) => setS(d.notificationSettings),
      (e: Error) => setLoadError(e.message),
    );
  }, []);

  if (loadError)
    return (
      <p class="error" role="alert">
        {loadError}
      </p>
    );
  if (!s) return <p aria-busy="true">Loading settings…</p>;
  return (
    <div class="settings narrow">
      <h1>Settings</h1>
      <EmailSection s={s} onChange={setS} />
      <TimeSection s={s} onChange={setS} />
      <PushButton />
      <PreferencesSection s={s} onChange={(preferences) => setS({ ...s, preferences })} />
      <AuthorisedApps />
      <MyApps />
    </div>
  );
}

function EmailSection({ s, onChange }: { s: NotificationSettings; onChange: (s: NotificationSettings) => void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save(address: string | null) {
    setBusy(true);
    try {
      const d = await gql<{ setNotificationEmail: NotificationSettings }>(
        `mutation($e:String){setNotificationEmail(email:$e){${FIELDS}}}`,
        { e: address },
      );
      onChange(d.setNotificationEmail);
      setEmail('');
      setErrors({});
    } catch (e) {
      setErrors(fieldErrors(e));
    } finally {
      setBusy(false);
    }
  }

  const err = errors.email ?? errors[''];
  return (
    <section class="card" aria-labelledby="h-email">
      <h2 id="h-email">Email</h2>
      {!s.emailAvailable && <p class="hint">This server sends no email (its operator has not set it up).</p>}
      <p>{s.email ? `Mail goes to ${s.email}.` : 'No confirmed address: no mail is sent.'}</p>
      {s.pendingEmail && (
        <p class="hint" role="status">
          A confirmation link was mailed to {s.pendingEmail}. Mail goes there once you follow it.
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(email);
        }}
      >
        <div class="field">
          <label for="f-email">{s.email || s.pendingEmail ? 'New address' : 'Address'}</label>
          <input
            id="f-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            disabled={!s.emailAvailable}
            onInput={(e) => setEmail(e.currentTarget.value)}
            {...described('f-email', err)}
          />
          <FieldError id="f-email" text={err} />
        </div>
        <button type="submit" disabled={busy || !s.emailAvailable}>
          Send confirmation link
        </button>{' '}
        {(s.email || s.pendingEmail) && (
          <button type="button" disabled={busy} onClick={() => void save(null)}>
            Remove address
          </button>
        )}
      </form>
    </section>
  );
}

function TimeSection({ s, onChange }: { s: NotificationSettings; onChange: (s: NotificationSettings) => void }) {
  const [timeZone, setTimeZone] = useState(s.timeZone);
  const [quiet, setQuiet] = useState(s.quietHours !== null);
  const [start, setStart] = useState(s.quietHours?.start ?? '22:00');
  const [end, setEnd] = useState(s.quietHours?.end ?? '07:00');
  const [digest, setDigest] = useState(s.digest);
  const [digestTime, setDigestTime] = useState(s.digestTime);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return all.includes(s.timeZone) ? all : [s.timeZone, ...all];
  }, [s.timeZone]);

  async function save(e: Event) {
    e.preventDefault();
    setSaved(false);
    try {
      const d = await gql<{ updateNotificationSettings: NotificationSettings }>(
        `mutation($i:NotificationSettingsInput!){updateNotificationSettings(input:$i){${FIELDS}}}`,
        { i: { timeZone, quietHours: quiet ? { start, end } : null, digest, digestTime } },
      );
      onChange(d.updateNotificationSettings);
      setErrors({});
      setSaved(true);
    } catch (err) {
      setErrors(fieldErrors(err));
    }
  }

  const quietErr = errors['input.quietHours'];
  return (
    <section class="card" aria-labelledby="h-time">
      <h2 id="h-time">Time zone, quiet hours and digest</h2>
      <form onSubmit={(e) => void save(e)}>
        <div class="field">
          <label for="f-tz">Time zone</label>
          <select
            id="f-tz"
            value={timeZone}
            onChange={(e) => setTimeZone(e.currentTarget.value)}
            {...described('f-tz', errors['input.timeZone'])}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
          <FieldError id="f-tz" text={errors['input.timeZone']} />
        </div>
        <fieldset {...described('f-quiet', quietErr)}>
          <legend>Quiet hours (no mail or push)</legend>
          <label class="check">
            <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.currentTarget.checked)} /> Keep quiet
            hours
          </label>
          {quiet && (
            <div class="grid">
              <TimeField
                id="f-quiet-start"
                label="Quiet from"
                value={start}
                onInput={setStart}
                error={errors['input.quietHours.start']}
              />
              <TimeField
                id="f-quiet-end"
                label="Quiet until"
                value={end}
                onInput={setEnd}
                error={errors['input.quietHours.end']}
              />
            </div>
          )}
          <FieldError id="f-quiet" text={quietErr} />
        </fieldset>
        <fieldset>
          <legend>Daily digest</legend>
          <label class="check">
            <input type="checkbox" checked={digest} onChange={(e) => setDigest(e.currentTarget.checked)} /> One mail a
            day instead of single mails
          </label>
          <TimeField
            id="f-digest-time"
            label="Digest time"
            value={digestTime}
            onInput={setDigestTime}
            error={errors['input.digestTime']}
          />
        </fieldset>
        {errors[''] && (
          <p class="error" role="alert">
            {errors['']}
          </p>
        )}
        <button type="submit" class="primary">
          Save
        </button>{' '}
        {saved && (
          <span class="ok" role="status">
            Saved.
          </span>
        )}
      </form>
    </section>
  );
}

function PreferencesSection({ s, onChange }: { s: NotificationSettings; onChange: (p: Preference[]) => void }) {
  return (
    <section class="card" aria-labelledby="h-prefs">
      <h2 id="h-prefs">What is sent where</h2>
      <p class="hint">
        Your defaults for every game (a game's page can override them for that game). Live updates in the open page are
        always on.
      </p>
      <PreferenceGrid preferences={s.preferences} onChange={onChange} />
    </section>
  );
}
