/**
 * The apps a user has authorised (their OAuth grants) and their revocation. A grant is stored by
 * the OAuth server (adapter.ts) with the scopes the user allowed for the Warpost API; its codes
 * and tokens name it, so revoking deletes them all and the app's access tokens stop at once.
 */
import type { Db } from '../db/client.js';
import { SCOPES, type Scope } from '../auth/service.js';
import { live } from './adapter.js';

export interface AuthorisedApp {
  clientId: string;
  name: string;
  scopes: Scope[];
  grantedAt: Date;
}

/** The resource indicator (RFC 8707) of the Warpost API, the audience of every access token. */
export const apiResource = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/`;

/** Warpost's scopes in a space-separated scope string, in their usual order. */
export const scopesOf = (value: unknown): Scope[] =>
  typeof value === 'string' ? SCOPES.filter((s) => value.split(' ').includes(s)) : [];

/** The apps a user has authorised, with what they may do and when consent was last given. */
export async function authorisedApps(db: Db, publicUrl: string, userId: string): Promise<AuthorisedApp[]> {
  const resource = apiResource(publicUrl);
  const grants = await db.oAuthArtifact.findMany({
    where: { kind: 'Grant', accountId: userId, ...live() },
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
  });
  const clients = await db.oAuthClient.findMany({
    where: { id: { in: grants.flatMap((g) => (g.clientId ? [g.clientId] : [])) } },
    select: { id: true, name: true },
  });
  const names = new Map(clients.map((c) => [c.id, c.name]));
  const apps = new Map<string, AuthorisedApp>();
  for (const g of grants) {
    const name = g.clientId ? names.get(g.clientId) : undefined;
    const scopes = scopesOf((g.payload as { resources?: Record<string, unknown> }).resources?.[resource]);
    if (!g.clientId || name === undefined || !scopes.length) continue; // no app, or never consented to
    const prev = apps.get(g.clientId);
    apps.set(g.clientId, {
      clientId: g.clientId,
      name,
      scopes: prev ? SCOPES.filter((s) => prev.scopes.includes(s) || scopes.includes(s)) : scopes,
      grantedAt: g.updatedAt,
    });
  }
  return [...apps.values()];
}

/** Revokes every grant of a user to an app, with its codes and tokens; false if there was none. */
export function revokeApp(db: Db, userId: string, clientId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const grants = await tx.oAuthArtifact.findMany({
      where: { kind: 'Grant', accountId: userId, clientId },
      select: { id: true },
    });
    if (!grants.length) return false;
    const ids = grants.map((g) => g.id);
    await tx.oAuthArtifact.deleteMany({
      where: { OR: [{ grantId: { in: ids } }, { kind: 'Grant', id: { in: ids } }] },
    });
    return true;
  });
}
