/**
 * A small browser for OAuth flows in tests: fetch with a cookie jar, redirects followed by hand
 * (so a test sees each page, and stops at the app's redirect URI), and the forms of a page read
 * from its HTML. PKCE pairs as an app makes them (RFC 7636, S256).
 */
import { createHash, randomBytes } from 'node:crypto';
import { CookieJar } from 'tough-cookie';

export interface Page {
  status: number;
  url: string;
  text: string;
  location?: string;
}

export class Browser {
  private readonly jar = new CookieJar();
  /** Every URL the browser was sent to, in order. */
  readonly visited: string[] = [];

  constructor(private readonly base: string) {}

  private async request(url: string, init: RequestInit = {}): Promise<Page> {
    const abs = new URL(url, this.base).href;
    this.visited.push(abs);
    const headers = new Headers(init.headers);
    const cookie = await this.jar.getCookieString(abs);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(abs, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) await this.jar.setCookie(c, abs);
    const location = res.headers.get('location') ?? undefined;
    return {
      status: res.status,
      url: abs,
      text: await res.text(),
      location: location ? new URL(location, abs).href : undefined,
    };
  }

  /**
   * GETs `url` and follows redirects until a page answers, or a redirect leads to `stopAt` (the
   * app's redirect URI: returned as a page with that location, never fetched).
   */
  async open(url: string, stopAt?: string): Promise<Page> {
    let page = await this.request(url);
    while (page.location && page.status >= 300 && page.status < 400) {
      if (stopAt && page.location.startsWith(stopAt)) return page;
      page = await this.request(page.location);
    }
    return page;
  }

  /** POSTs a form and follows the redirects as `open` does. */
  async submit(url: string, fields: Record<string, string>, stopAt?: string): Promise<Page> {
    const page = await this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    if (page.location && page.status >= 300 && page.status < 400 && !(stopAt && page.location.startsWith(stopAt)))
      return this.open(page.location, stopAt);
    return page;
  }
}

/** The forms of a page: action and the values of their hidden inputs. */
export function forms(html: string): { id?: string; action: string; hidden: Record<string, string> }[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attrs, inner]) => ({
    id: /\bid="([^"]*)"/.exec(attrs)?.[1],
    action: /\baction="([^"]*)"/.exec(attrs)?.[1]?.replace(/&amp;/g, '&') ?? '',
    hidden: Object.fromEntries(
      [...inner.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].map(([tag]) => [
        /\bname="([^"]*)"/.exec(tag)![1],
        /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? '',
      ]),
    ),
  }));
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A form POST to an OAuth endpoint, as an app makes it (a browser app adds its Origin); the JSON answer, status and headers. */
export async function oauthPost(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await res.text(); // revocation answers 200 with no body
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}
