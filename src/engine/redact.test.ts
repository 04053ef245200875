import { createHmac } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import type { GameEvent } from './contract.js';
import { filterEvents, isOpaqueId, isVisibleTo, mapStrings, opaqueId, pathsNaming, resolveOpaqueId } from './redact.js';

const SIDES = ['human', 'cetian'];

describe('isVisibleTo', () => {
  it('shows public things to everyone', () => {
    expect(isVisibleTo('all', 'human', SIDES)).toBe(true);
    expect(isVisibleTo('all', null, SIDES)).toBe(true);
  });
  it('shows listed things to listed sides only', () => {
    expect(isVisibleTo(['human'], 'human', SIDES)).toBe(true);
    expect(isVisibleTo(['human'], 'cetian', SIDES)).toBe(false);
    expect(isVisibleTo([], 'human', SIDES)).toBe(false);
  });
  it('shows spectators what every side of the game sees, and nothing less public', () => {
    expect(isVisibleTo(['human'], null, SIDES)).toBe(false);
    expect(isVisibleTo(['cetian', 'human'], null, SIDES)).toBe(true);
    expect(isVisibleTo(['human', 'cetian'], null, ['human', 'cetian', 'rebel'])).toBe(false);
    expect(isVisibleTo([], null, [])).toBe(false);
  });
});

describe('filterEvents', () => {
  const events: GameEvent[] = [
    { type: 'turn', visibleTo: 'all', data: 1 },
    { type: 'major-effort', visibleTo: ['human'], data: 'called' },
    { type: 'flip', visibleTo: ['cetian'], data: 'u7' },
    { type: 'combat', visibleTo: ['human', 'cetian'], data: '3-1' },
  ];
  it('keeps what each viewer may see, in order', () => {
    expect(filterEvents(events, 'human', SIDES).map((e) => e.type)).toEqual(['turn', 'major-effort', 'combat']);
    expect(filterEvents(events, 'cetian', SIDES).map((e) => e.type)).toEqual(['turn', 'flip', 'combat']);
    expect(filterEvents(events, null, SIDES).map((e) => e.type)).toEqual(['turn', 'combat']);
    expect(filterEvents(events, 'nobody', SIDES).map((e) => e.type)).toEqual(['turn']);
  });
});

describe('opaqueId', () => {
  const secret = 'game-secret-1';
  it('is stable for one viewer and reveals nothing of the real id', () => {
    const a = opaqueId(secret, 'human', 'cetian-mobile-3');
    expect(opaqueId(secret, 'human', 'cetian-mobile-3')).toBe(a);
    expect(isOpaqueId(a)).toBe(true);
    expect(a).not.toContain('cetian');
    expect(a).not.toContain('mobile');
    expect(a).toMatch(/^opq_[0-9a-f]{24}$/);
  });
  it('differs per viewer, per piece and per secret', () => {
    const ids = new Set([
      opaqueId(secret, 'human', 'u1'),
      opaqueId(secret, 'cetian', 'u1'),
      opaqueId(secret, null, 'u1'),
      opaqueId(secret, 'null', 'u1'),
      opaqueId(secret, 'human', 'u2'),
      opaqueId('other-secret', 'human', 'u1'),
      opaqueId(Buffer.from(secret), 'human', 'u1'),
    ]);
    // The Buffer form of the same secret must match the string form; all others differ.
    expect(ids.size).toBe(6);
  });
  it('resolves an opaque id back among the candidates', () => {
    const o = opaqueId(secret, 'human', 'u2');
    expect(resolveOpaqueId(secret, 'human', o, ['u1', 'u2', 'u3'])).toBe('u2');
    expect(resolveOpaqueId(secret, 'cetian', o, ['u1', 'u2', 'u3'])).toBeNull();
    expect(isOpaqueId('u2')).toBe(false);
  });
  it('refuses an empty secret', () => {
    expect(() => opaqueId('', 'human', 'u1')).toThrow(/secret/);
  });
  it('answers from its memo what the HMAC gives, for each secret and its type apart', () => {
    const hmac = (k: string | Buffer, viewer: string | null, id: string) =>
      `opq_${createHmac('sha256', k)
        .update(`warpost-opaque/v1|${JSON.stringify([viewer, id])}`)
        .digest('hex')
        .slice(0, 24)}`;
    // A string that spells another secret's memo key must not be answered from it.
    const cases: [string | Buffer, string | null, string][] = [
      [secret, 'human', 'u9'],
      [Buffer.from('raw-bytes'), 'human', 'u9'],
      [[Buffer.from('raw-bytes').toString('base64')].toString(), 'human', 'u9'],
      ['s2', null, 'u9'],
    ];
    for (let round = 0; round < 2; round++)
      for (const [k, v, id] of cases) expect(opaqueId(k, v, id)).toBe(hmac(k, v, id));
  });
});

describe('order id helpers', () => {
  const order = { kind: 'move', units: ['u1', 'u2'], to: { hex: '0101', label: 'u1' }, u1: 3 };
  it('mapStrings rewrites string values only, never keys', () => {
    expect(mapStrings(order, (s) => (s === 'u1' ? 'X' : s))).toEqual({
      kind: 'move',
      units: ['X', 'u2'],
      to: { hex: '0101', label: 'X' },
      u1: 3,
    });
  });
  it('pathsNaming gives the path of every value naming a listed id', () => {
    expect(pathsNaming(order, ['u1', 'u9'])).toEqual([
      ['units', 0],
      ['to', 'label'],
    ]);
    expect(pathsNaming(order, ['u9'])).toEqual([]);
    expect(pathsNaming(null, ['u1'])).toEqual([]);
  });
});
