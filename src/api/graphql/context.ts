/** What every resolver receives, and the one way resolvers are wrapped so their errors take the documented shape. */
import type { FastifyReply } from 'fastify';
import type { AuthService } from '#platform/auth/service.js';
import type { Platform } from '#platform/context.js';
import type { RequestAuth } from '../auth-context.js';
import type { AccountThrottle } from '../http/account-throttle.js';
import type { LoginThrottle } from '../http/login-throttle.js';
import { guard } from './errors.js';

export interface Ctx {
  platform: Platform;
  authService: AuthService;
  auth: RequestAuth;
  loginThrottle: LoginThrottle;
  accountThrottle: AccountThrottle;
  /** Mercurius adds the reply (and through it the request). */
  reply: FastifyReply;
}

/** Arguments as GraphQL delivers them: the schema has checked their types, TypeScript cannot see them. */
export type Args = Record<string, any>;
/** A parent object is whatever its parent resolver returned. */
export type Resolver = (root: any, args: Args, ctx: Ctx) => unknown;

export const wrapAll = (r: Record<string, Resolver>) =>
  Object.fromEntries(Object.entries(r).map(([k, f]) => [k, guard(f)]));
