/**
 * Signed tokens for links in mail (one-click unsubscribe, email confirmation): the link itself is
 * the credential, so the payload is HMAC-signed with a key derived from the server secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'unsubscribe' | 'confirm-email';

export class TokenSigner {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A derived key: a leaked link never helps forge access tokens signed with the server secret.
    this.key = createHmac('sha256', serverSecret).update('warpost notification links v1').digest();
  }

  sign(purpose: TokenPurpose, data: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify({ ...data, p: purpose })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The signed data, or null when the token is forged, for another purpose or expired. */
  verify<T extends Record<string, unknown>>(purpose: TokenPurpose, token: unknown): T | null {
    if (typeof token !== 'string' || token.length > 2048) return null;
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    try {
      const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { p?: string; x?: number };
      if (data.p !== purpose) return null;
      if (typeof data.x === 'number' && Date.now() > data.x) return null;
      return data;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
