import { useEffect, useState } from 'preact/hooks';

function left(ms: number) {
  if (ms <= 0) return 'due now';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400),
    h = Math.floor((s % 86400) / 3600),
    m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h left`;
  if (h > 0) return `${h} h ${m} min left`;
  return `${m} min ${s % 60} s left`;
}

/** A deadline in the reader's local time, with a countdown (announced to screen readers only on request). */
export function Deadline({ at }: { at: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const when = new Date(at);
  return (
    <span class="deadline">
      Deadline <time dateTime={at}>{when.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</time>{' '}
      <span class="countdown">({left(when.getTime() - now)})</span>
    </span>
  );
}
