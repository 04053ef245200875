/** Access tokens remembered after one verification (bench/RESULTS.md, issue 8) keep jwt.verify's verdicts. */
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { AuthService } from './service.js';

const SECRET = 'unit-test-secret';
const auth = () => new AuthService({} as Db, SECRET, 900, 30); // the JWT path never touches the database
const token = (expiresIn: number, secret = SECRET) =>
  jwt.sign({ scopes: ['read', 'play'], username: 'ada' }, secret, { subject: 'u1', issuer: 'warpost', expiresIn });

afterEach(() => vi.useRealTimers());

describe('access-token verification cache', () => {
  it('a remembered token still expires at its exp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00.000Z'));
    const a = auth();
    const t = token(60);
    expect(await a.authenticate(t)).toEqual({
      userId: 'u1',
      username: 'ada',
      scopes: ['read', 'play'],
      via: 'session',
    });
    vi.setSystemTime(new Date('2026-11-30T12:00:59.000Z'));
    expect((await a.authenticate(t)).userId).toBe('u1'); // remembered, not yet expired
    vi.setSystemTime(new Date('2026-11-30T12:01:00.000Z'));
    await expect(a.authenticate(t)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('a forged token is refused whatever was remembered, and callers cannot change a remembered principal', async () => {
    const a = auth();
    const t = token(600);
    const first = await a.authenticate(t);
    first.scopes.push('admin' as never);
    expect((await a.authenticate(t)).scopes).toEqual(['read', 'play']);
    await expect(a.authenticate(token(600, 'not-the-secret'))).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(a.authenticate(`${t}x`)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
