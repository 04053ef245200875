/** Turns an Authorization header (or a subscription's connection payload) into a principal. */
import type { AuthService, Principal, Scope } from '#platform/auth/service.js';
import { requireScope } from '#platform/auth/service.js';
import { AppError } from '#platform/errors.js';

export interface RequestAuth {
  /** The caller, or null when no credential was sent. Throws if a bad credential was sent. */
  optional(): Principal | null;
  /** The caller with `scope`, or an UNAUTHENTICATED / INSUFFICIENT_SCOPE error. */
  require(scope: Scope): Principal;
}

export async function authenticate(auth: AuthService, header: unknown): Promise<RequestAuth> {
  let principal: Principal | null = null;
  let error: AppError | null = null;
  if (typeof header === 'string' && header.trim()) {
    const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!m) error = new AppError('TOKEN_INVALID', 'Send credentials as "Authorization: Bearer <token>".');
    else {
      try {
        principal = await auth.authenticate(m[1]);
      } catch (e) {
        error = e instanceof AppError ? e : new AppError('TOKEN_INVALID', 'The credential is not valid.');
      }
    }
  }
  return {
    optional() {
      if (error) throw error;
      return principal;
    },
    require(scope) {
      if (error) throw error;
      return requireScope(principal, scope);
    },
  };
}
