/**
 * Third-party apps registered for OAuth 2.0. Every app is a public client: it holds no secret,
 * so the authorization-code flow needs PKCE (S256), and an app with no redirect URI may use
 * only the device flow (RFC 8628).
 */
import { randomBytes } from 'node:crypto';
import type { ClientMetadata } from 'oidc-provider';
import type { Db } from '../db/client.js';
import { AppError, type ErrorDetail } from '../errors.js';

export const CLIENT_ID_PREFIX = 'wpc_';
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const MAX_REDIRECT_URIS = 10;
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export interface OAuthClientRow {
  id: string;
  name: string;
  redirectUris: string[];
  ownerId: string;
  createdAt: Date;
}

/**
 * Redirect URIs as RFC 8252 and OAuth 2.0 Security BCP allow them: https, http only to the
 * loopback address (a native app's local listener), or an app's private-use scheme
 * (`com.example.app:/cb`); absolute, without a fragment.
 */
function redirectUriProblem(uri: string): string | null {
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 2000)
    return 'Give an absolute URI of at most 2000 characters.';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'Not an absolute URI.';
  }
  if (url.hash || uri.includes('#')) return 'A redirect URI has no fragment.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return LOOPBACK.has(url.hostname)
      ? null
      : 'Plain http is allowed only to the loopback address (127.0.0.1, [::1], localhost).';
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol)) return null;
  return 'Use https, http to the loopback address, or a private-use scheme with a dot (com.example.app:/callback).';
}

/** Checks an app's name and redirect URIs; every problem is reported at once. */
function checkClientInput(name: unknown, redirectUris: unknown): { name: string; redirectUris: string[] } {
  const details: ErrorDetail[] = [];
  const n = typeof name === 'string' ? name.trim() : '';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!n || n.length > 100 || /[\u0000-\u001f<>]/.test(n))
    details.push({ code: 'INVALID_NAME', path: ['name'], message: 'One line of 1 to 100 characters, without < or >.' });
  const uris = Array.isArray(redirectUris) ? redirectUris : [];
  if (!Array.isArray(redirectUris))
    details.push({ code: 'INVALID_REDIRECT_URI', path: ['redirectUris'], message: 'A list of URIs.' });
  if (uris.length > MAX_REDIRECT_URIS)
    details.push({ code: 'TOO_MANY', path: ['redirectUris'], message: `At most ${MAX_REDIRECT_URIS} redirect URIs.` });
  uris.forEach((u, i) => {
    const problem = redirectUriProblem(u as string);
    if (problem) details.push({ code: 'INVALID_REDIRECT_URI', path: ['redirectUris', i], message: problem });
  });
  if (details.length) throw new AppError('BAD_INPUT', 'The app could not be registered.', details);
  return { name: n, redirectUris: [...new Set(uris as string[])] };
}

export async function registerClient(
  db: Db,
  ownerId: string,
  input: { name: unknown; redirectUris: unknown },
): Promise<OAuthClientRow> {
  const { name, redirectUris } = checkClientInput(input.name, input.redirectUris);
  const id = CLIENT_ID_PREFIX + randomBytes(16).toString('base64url');
  return db.oAuthClient.create({ data: { id, name, redirectUris, ownerId } });
}

/** An app as the API shows it (GraphQL, REST, the data export). */
export const presentClient = (c: OAuthClientRow) => ({
  clientId: c.id,
  name: c.name,
  redirectUris: c.redirectUris,
  createdAt: c.createdAt,
});

export function listClients(db: Db, ownerId: string): Promise<OAuthClientRow[]> {
  return db.oAuthClient.findMany({ where: { ownerId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** The names the sign-in and consent pages show: the app's, and the signed-in account's. */
export async function consentNames(
  db: Db,
  clientId: string,
  accountId?: string,
): Promise<{ app: string; user: string }> {
  const [client, user] = await Promise.all([
    db.oAuthClient.findUnique({ where: { id: clientId }, select: { name: true } }),
    accountId ? db.user.findUnique({ where: { id: accountId }, select: { username: true } }) : null,
  ]);
  return { app: client?.name ?? 'An app', user: user?.username ?? '' };
}

/** The client as the OAuth server reads it (RFC 7591 metadata). */
export function clientMetadata(c: OAuthClientRow): ClientMetadata {
  const codeFlow = c.redirectUris.length > 0;
  // A native app (loopback or private-use redirect) has other redirect rules than a web app.
  const native = c.redirectUris.some((u) => !u.startsWith('https:'));
  return {
    client_id: c.id,
    client_name: c.name,
    application_type: native ? 'native' : 'web',
    token_endpoint_auth_method: 'none',
    redirect_uris: c.redirectUris,
    response_types: codeFlow ? ['code'] : [],
    grant_types: [...(codeFlow ? ['authorization_code'] : []), DEVICE_CODE_GRANT, 'refresh_token'],
    id_token_signed_response_alg: 'EdDSA',
  };
}
