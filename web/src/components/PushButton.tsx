/**
 * Turns on Web Push for this browser: asks permission, subscribes with the server's VAPID key
 * (`vapidPublicKey`) through the service worker, and registers the subscription
 * (`registerPushSubscription`). Every failure is said plainly (a browser without a push service
 * fails at the subscription).
 */
import { useState } from 'preact/hooks';
import { gql } from '../api';

const b64url = (buf: ArrayBuffer | null) =>
  buf
    ? btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : '';

function keyBytes(b64: string) {
  const s = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

export function PushButton() {
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState(false);

  async function enable() {
    setFailed(false);
    setStatus('Asking…');
    try {
      if (!('serviceWorker' in navigator) || !('PushManager' in window))
        throw new Error('this browser has no Web Push');
      if ((await Notification.requestPermission()) !== 'granted') throw new Error('notifications are not allowed');
      const { vapidPublicKey } = await gql<{ vapidPublicKey: string }>('{ vapidPublicKey }');
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapidPublicKey),
      });
      await gql(`mutation($i:PushSubscriptionInput!){registerPushSubscription(input:$i){id}}`, {
        i: { endpoint: sub.endpoint, p256dh: b64url(sub.getKey('p256dh')), auth: b64url(sub.getKey('auth')) },
      });
      setStatus('Push notifications are on for this browser.');
    } catch (e) {
      setFailed(true);
      setStatus(`Push notifications could not be turned on: ${(e as Error).message}`);
    }
  }

  return (
    <section class="card" aria-labelledby="h-push">
      <h2 id="h-push">Push notifications</h2>
      <button type="button" onClick={() => void enable()}>
        Turn on push notifications in this browser
      </button>
      {status && (
        <p class={failed ? 'error' : 'ok'} role={failed ? 'alert' : 'status'}>
          {status}
        </p>
      )}
    </section>
  );
}
