/** GraphQL adapters for third-party apps over OAuth 2.0 (platform/oauth): registration, consent list, revocation. */
import { listClients, presentClient as app, registerClient } from '#platform/oauth/clients.js';
import { authorisedApps, revokeApp } from '#platform/oauth/grants.js';
import type { Args, Ctx } from './context.js';

export function oauthResolvers() {
  return {
    /** Merged into Query by resolvers.ts (wrapped there). */
    Query: {
      myOAuthApps: async (_r: unknown, _a: Args, { platform, auth }: Ctx) =>
        (await listClients(platform.prisma, auth.require('admin').userId)).map(app),
      authorisedApps: (_r: unknown, _a: Args, { platform, auth }: Ctx) =>
        authorisedApps(platform.prisma, platform.config.notify.publicUrl, auth.require('admin').userId),
    },
    /** Merged into Mutation by resolvers.ts (wrapped there). */
    Mutation: {
      registerOAuthApp: async (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        app(await registerClient(platform.prisma, auth.require('admin').userId, a.input)),
      revokeAuthorisedApp: (_r: unknown, a: Args, { platform, auth }: Ctx) =>
        revokeApp(platform.prisma, auth.require('admin').userId, a.clientId),
    },
  };
}
