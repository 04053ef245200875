/**
 * Accounts and credentials: registration and login, short-lived JWT access tokens, rotating
 * refresh tokens (reuse of a spent token revokes its whole family), and personal API tokens
 * with scopes for third-party clients and bots. Only hashes of tokens are stored.
 */
import { createHash, createHmac, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import {
  DEFAULT_SCRYPT,
  dummyHash,
  hashPassword,
  needsRehash,
  verifyPassword,
  type ScryptParams,
} from './passwords.js';

export const SCOPES = ['read', 'play', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Principal {
  userId: string;
  username: string;
  scopes: Scope[];
  via: 'session' | 'api-token' | 'oauth';
  /** The login (refresh-token family) of a session, so account changes can spare the current one. */
  sid?: string;
  /** The third-party app an OAuth access token was issued to. */
  clientId?: string;
}

/** Resolves an OAuth access token to its principal, or null when it is not one (platform/oauth). */
export interface OAuthTokens {
  principal(token: string): Promise<Principal | null>;
}

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; username: string };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const USERNAME = /^[A-Za-z0-9_-]{3,32}$/;
export const API_TOKEN_PREFIX = 'wpt_';
/** How long another instance may take to see a revoked login (README, "Accounts"). */
export const LOGIN_CHECK_MS = 5_000;

export class AuthService {
  /**
   * The JWT secret as a key object, made once: given a string, jsonwebtoken first tries (and
   * fails) to parse it as a public key on every verify, which cost more CPU per request than
   * the rest of authentication (bench/RESULTS.md).
   */
  private readonly key: KeyObject;
  /**
   * Access tokens already verified, by their exact text, until they expire: a client sends the
   * same token with every request for its lifetime, and checking its signature again was a
   * tenth of a submission's CPU (bench/RESULTS.md). Only the signature verdict is remembered:
   * whether the token's login was revoked is checked on every use (`checkLogin`).
   */
  private readonly verified = new LRUCache<string, { principal: Principal; exp: number; sid?: string }>({
    max: 10_000,
  });
  /**
   * Whether a login (refresh-token family, the access token's `sid`) was revoked, remembered
   * briefly: revoking it here takes effect at once, on other instances within this time.
   */
  private readonly logins = new LRUCache<string, { revoked: boolean }>({ max: 50_000, ttl: LOGIN_CHECK_MS });

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly accessTtl: number,
    private readonly refreshTtlDays: number,
    private readonly scrypt: ScryptParams = DEFAULT_SCRYPT,
  ) {
    this.key = createSecretKey(Buffer.from(secret));
  }

  async register(username: string, password: string): Promise<AuthTokens> {
    if (!USERNAME.test(username)) {
      throw new AppError('BAD_INPUT', 'A user name has 3 to 32 letters, digits, "_" or "-".', [
        { code: 'INVALID_USERNAME', path: ['username'], message: 'Use 3 to 32 letters, digits, "_" or "-".' },
      ]);
    }
    checkPassword(password, 'password');
    const passwordHash = await hashPassword(password, this.scrypt);
    const existing = await this.db.user.findFirst({ where: { username: { equals: username, mode: 'insensitive' } } });
    if (existing) throw new AppError('USERNAME_TAKEN', `The user name "${username}" is taken.`);
    try {
      const user = await this.db.user.create({ data: { username, passwordHash } });
      return this.issue(user.id, user.username, randomUUID());
    } catch (e) {
      if ((e as { code?: string }).code === 'P2002')
        throw new AppError('USERNAME_TAKEN', `The user name "${username}" is taken.`);
      throw e;
    }
  }

  /** A key for another purpose, derived from the JWT secret, so every process that shares it agrees. */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.secret).update(`warpost:${purpose}`).digest();
  }

  /** The OAuth server whose access tokens `authenticate` accepts (set at boot). */
  oauth?: OAuthTokens;

  async login(username: string, password: string): Promise<AuthTokens> {
    const user = await this.checkCredentials(username, password);
    return this.issue(user.id, user.username, randomUUID());
  }

  /**
   * The user a name and password belong to, without starting a login: the OAuth sign-in page
   * uses it (its session is the OAuth server's). The same checks and timing as `login`.
   */
  async checkCredentials(username: string, password: string): Promise<{ id: string; username: string }> {
    const user = await this.db.user.findUnique({ where: { username } });
    // Verify against a dummy hash for unknown users so timing does not reveal who exists.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(this.scrypt)));
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Wrong user name or password.');
    if (needsRehash(user.passwordHash, this.scrypt)) {
      // Made with older parameters: store the current ones (unless the password changed meanwhile).
      const passwordHash = await hashPassword(password, this.scrypt);
      await this.db.user.updateMany({
        where: { id: user.id, passwordHash: user.passwordHash },
        data: { passwordHash },
      });
    }
    return { id: user.id, username: user.username };
  }

  /** Exchanges a refresh token for a new pair; the old token is spent. */
  async refresh(refreshToken: string): Promise<AuthTokens> {
    const row = await this.db.refreshToken.findUnique({
      where: { tokenHash: sha256(refreshToken) },
      include: { user: true },
    });
    if (!row) throw new AppError('TOKEN_INVALID', 'Unknown refresh token.');
    if (row.revokedAt || row.user.deletedAt) throw new AppError('TOKEN_INVALID', 'This refresh token was revoked.');
    if (row.expiresAt < new Date())
      throw new AppError('TOKEN_EXPIRED', 'This refresh token has expired; log in again.');
    // Spend it atomically: only one concurrent refresh may win.
    const spent = await this.db.refreshToken.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) {
      await this.revokeFamily(row.familyId);
      throw new AppError(
        'REFRESH_TOKEN_REUSED',
        'This refresh token was already used; every session of this login is now revoked.',
      );
    }
    return this.issue(row.userId, row.user.username, row.familyId);
  }

  async logout(refreshToken: string): Promise<boolean> {
    const row = await this.db.refreshToken.findUnique({ where: { tokenHash: sha256(refreshToken) } });
    if (!row) return false;
    await this.revokeFamily(row.familyId);
    return true;
  }

  /** True when `password` is the user's (same cost whether or not the user exists). */
  async verifyUserPassword(userId: string, password: string): Promise<boolean> {
    const user = await this.db.user.findUnique({
      where: { id: userId },
      select: { passwordHash: true, deletedAt: true },
    });
    const ok = await verifyPassword(String(password), user?.passwordHash ?? (await dummyHash(this.scrypt)));
    return ok && !!user && !user.deletedAt;
  }

  /** The stored hash of a new password (checked for length first; `path` names the field). */
  async newPasswordHash(password: string, path: string): Promise<string> {
    checkPassword(password, path);
    return hashPassword(password, this.scrypt);
  }

  /** Revokes every login of a user but `keep` (the caller's own session, when there is one). */
  async revokeLogins(userId: string, keep?: string) {
    const live = await this.db.refreshToken.findMany({
      where: { userId, revokedAt: null, ...(keep ? { familyId: { not: keep } } : {}) },
      select: { familyId: true },
      distinct: ['familyId'],
    });
    for (const { familyId } of live) await this.revokeFamily(familyId);
  }

  /** Takes logins revoked in a caller's transaction into account at once (after it committed). */
  noteRevoked(familyIds: readonly string[]) {
    for (const familyId of familyIds) this.logins.set(familyId, { revoked: true });
  }

  private async revokeFamily(familyId: string) {
    await this.db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
    this.logins.set(familyId, { revoked: true });
  }

  /** Refuses an access token whose login was revoked (refresh-token reuse or logout). */
  private async checkLogin(sid: string | undefined) {
    if (!sid) return; // tokens signed before logins were named; they expire within the access TTL
    let state = this.logins.get(sid);
    if (!state) {
      const revoked = await this.db.refreshToken.findFirst({
        where: { familyId: sid, revokedAt: { not: null } },
        select: { id: true },
      });
      state = { revoked: revoked !== null };
      this.logins.set(sid, state);
    }
    if (state.revoked) throw new AppError('TOKEN_INVALID', 'This login was revoked; log in again.');
  }

  private async issue(userId: string, username: string, familyId: string): Promise<AuthTokens> {
    const accessToken = jwt.sign({ scopes: SCOPES, username, sid: familyId }, this.key, {
      algorithm: 'HS256',
      subject: userId,
      expiresIn: this.accessTtl,
      issuer: 'warpost',
    });
    const refreshToken = randomBytes(32).toString('base64url');
    await this.db.refreshToken.create({
      data: {
        userId,
        familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + this.refreshTtlDays * 86_400_000),
      },
    });
    return { accessToken, refreshToken, expiresIn: this.accessTtl, user: { id: userId, username } };
  }

  /** Resolves a bearer credential (JWT access token, personal API token or OAuth access token) to a principal. */
  async authenticate(bearer: string): Promise<Principal> {
    // OAuth access tokens are opaque (no dots); JWTs always have two.
    if (this.oauth && !bearer.includes('.') && !bearer.startsWith(API_TOKEN_PREFIX)) {
      const principal = await this.oauth.principal(bearer);
      if (!principal) throw new AppError('TOKEN_INVALID', 'Unknown, expired or revoked access token.');
      return principal;
    }
    if (bearer.startsWith(API_TOKEN_PREFIX)) {
      const token = await this.db.apiToken.findUnique({
        where: { tokenHash: sha256(bearer) },
        include: { user: true },
      });
      if (!token || token.revokedAt) throw new AppError('TOKEN_INVALID', 'Unknown or revoked API token.');
      // Last-use time is informative only; do not fail a request on it.
      void this.db.apiToken
        .update({ where: { id: token.id }, data: { lastUsedAt: new Date() } })
        .catch(() => undefined);
      return { userId: token.userId, username: token.user.username, scopes: token.scopes as Scope[], via: 'api-token' };
    }
    const known = this.verified.get(bearer);
    // jsonwebtoken's own rule: expired once the clock (whole seconds) reaches `exp`.
    if (known && Math.floor(Date.now() / 1000) < known.exp) {
      await this.checkLogin(known.sid);
      return { ...known.principal, scopes: [...known.principal.scopes], ...(known.sid ? { sid: known.sid } : {}) };
    }
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(bearer, this.key, { algorithms: ['HS256'], issuer: 'warpost' }) as jwt.JwtPayload;
    } catch (e) {
      if (e instanceof jwt.TokenExpiredError)
        throw new AppError('TOKEN_EXPIRED', 'The access token has expired; refresh it.');
      throw new AppError('TOKEN_INVALID', 'The access token is not valid.');
    }
    const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
    await this.checkLogin(sid);
    const principal: Principal = {
      userId: String(claims.sub),
      username: String(claims.username),
      scopes: claims.scopes as Scope[],
      via: 'session',
    };
    if (typeof claims.exp === 'number')
      this.verified.set(bearer, { principal: { ...principal, scopes: [...principal.scopes] }, exp: claims.exp, sid });
    return sid ? { ...principal, sid } : principal;
  }

  async createApiToken(userId: string, name: string, scopes: string[]) {
    const bad = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (bad.length || scopes.length === 0) {
      throw new AppError('BAD_INPUT', `Scopes are one or more of ${SCOPES.join(', ')}.`, [
        { code: 'INVALID_SCOPE', path: ['scopes'], message: `Unknown scope(s): ${bad.join(', ') || '(none given)'}` },
      ]);
    }
    if (!name.trim() || name.length > 100) throw new AppError('BAD_INPUT', 'A token name has 1 to 100 characters.');
    const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row = await this.db.apiToken.create({
      data: { userId, name, scopes: [...new Set(scopes)], tokenHash: sha256(secret) },
    });
    return { token: secret, info: row };
  }

  listApiTokens(userId: string) {
    return this.db.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
  }

  async revokeApiToken(userId: string, id: string): Promise<boolean> {
    const r = await this.db.apiToken.updateMany({
      where: { id, userId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    return r.count === 1;
  }
}

function checkPassword(password: string, path: string) {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200) {
    throw new AppError('BAD_INPUT', 'A password has 8 to 200 characters.', [
      { code: 'INVALID_PASSWORD', path: [path], message: 'Use 8 to 200 characters.' },
    ]);
  }
}

export function requireScope(p: Principal | null, scope: Scope): Principal {
  if (!p) throw new AppError('UNAUTHENTICATED', 'Log in or send an API token (Authorization: Bearer ...).');
  if (!p.scopes.includes(scope))
    throw new AppError('INSUFFICIENT_SCOPE', `This needs the "${scope}" scope.`, [], { scope });
  return p;
}
