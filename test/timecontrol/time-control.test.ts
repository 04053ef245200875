/**
 * Time controls end to end, against PostgreSQL, Redis and a separate worker: the extended
 * control is stored and shown, deadlines fall where the pure arithmetic says, the grace period
 * holds default orders back, the delay after everyone is ready lets orders change, and bad
 * input is refused with nothing created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedParts } from '#platform/calendar.js';
import { errorCode, waitFor } from '../helpers/gql.js';
import { as, createGame, join, register, submit, view } from '../helpers/play.js';
import { rest } from '../helpers/rest.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack('services');
  await stack.spawnWorker();
});
afterAll(async () => stack?.close());

const uid = () => Math.random().toString(36).slice(2, 8);
const TC = `query($id:ID!){game(id:$id){game{deadline timeControl{preset stepSeconds timeOfDay timeZone days graceSeconds readyDelaySeconds excuses onMissedTurn}}}}`;

describe('time controls as data', () => {
  it('stores a weekday, time-of-day control in a time zone and sets the deadline from it', async () => {
    const s = uid();
    const a = await register(stack.base, `tca_${s}`);
    const b = await register(stack.base, `tcb_${s}`);
    const timeControl = {
      timeOfDay: '18:00',
      timeZone: 'Europe/Paris',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      graceSeconds: 600,
      readyDelaySeconds: 5,
    };
    const g = await createGame(stack.base, a, { module: 'sealed-bid', scenario: 'short', side: 'north', timeControl });
    await join(stack.base, b, g.id, 'south');
    const r = await as(stack.base, a, TC, { id: g.id });
    expect(r.errors).toBeUndefined();
    expect(r.data.game.game.timeControl).toEqual({
      preset: 'custom',
      stepSeconds: null,
      excuses: 0,
      onMissedTurn: 'default',
      ...timeControl,
    });
    const deadline = new Date(r.data.game.game.deadline);
    expect(deadline.getTime()).toBeGreaterThan(Date.now());
    expect(deadline.getTime() - Date.now()).toBeLessThan(4 * 86_400_000); // at most Friday evening to Monday
    const local = zonedParts(deadline, 'Europe/Paris');
    expect([local.hour, local.minute]).toEqual([18, 0]);
    expect(['MON', 'TUE', 'WED', 'THU', 'FRI']).toContain(local.weekday);
    // Older games read with defaults filled in.
    const old = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      timeControl: { preset: 'fast' },
    });
    const o = await as(stack.base, a, TC, { id: old.id });
    expect(o.data.game.game.timeControl).toEqual({
      preset: 'fast',
      stepSeconds: 3600,
      timeOfDay: null,
      timeZone: 'UTC',
      days: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
      graceSeconds: 0,
      readyDelaySeconds: 0,
      excuses: 0,
      onMissedTurn: 'default',
    });
  });

  it('refuses bad time controls with a structured error and creates nothing (GraphQL and REST)', async () => {
    const s = uid();
    const a = await register(stack.base, `tcx_${s}`);
    const cases: [Record<string, unknown>, string][] = [
      [{ preset: 'custom', stepSeconds: 60, timeZone: 'Nowhere/Atlantis' }, 'timeZone'],
      [{ timeOfDay: '24:30' }, 'timeOfDay'],
      [{ preset: 'fast', days: ['MON', 'XYZ'] }, 'days'],
      [{ preset: 'none', graceSeconds: 30 }, 'graceSeconds'],
    ];
    for (const [timeControl, field] of cases) {
      const r = await as(stack.base, a, `mutation($i:CreateGameInput!){createGame(input:$i){id}}`, {
        i: { module: 'sealed-bid', scenario: 'short', side: 'north', timeControl },
      });
      expect(errorCode(r)).toBe('BAD_INPUT');
      expect(r.errors![0]!.extensions!.details![0]).toMatchObject({
        code: 'INVALID_TIME_CONTROL',
        path: ['timeControl', field],
      });
      const rr = await rest(stack.base, 'POST', '/games', {
        token: a.token,
        body: { module: 'sealed-bid', scenario: 'short', timeControl },
      });
      expect(rr.status).toBe(400);
      expect(rr.body.error.code).toBe('BAD_INPUT');
    }
    expect(await stack.booted.platform.prisma.game.count({ where: { creatorId: a.id } })).toBe(0);
    // The extended fields are accepted over REST too.
    const ok = await rest(stack.base, 'POST', '/games', {
      token: a.token,
      body: {
        module: 'sealed-bid',
        scenario: 'short',
        timeControl: { preset: 'slow', days: ['SAT', 'SUN'], timeZone: 'Asia/Tokyo', graceSeconds: 60 },
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.timeControl).toEqual({
      preset: 'slow',
      stepSeconds: 259_200,
      days: ['SUN', 'SAT'],
      timeZone: 'Asia/Tokyo',
      graceSeconds: 60,
    });
  });

  it('gives each prompt kind its own step length (perKind), lists the kinds, refuses unknown ones', async () => {
    const s = uid();
    const a = await register(stack.base, `tpk_${s}`);
    const b = await register(stack.base, `tpl_${s}`);
    const mods = await as(stack.base, a, `{modules{id promptKinds{kind description}}}`);
    expect(
      mods.data.modules
        .find((m: { id: string }) => m.id === 'sealed-bid')
        .promptKinds.map((k: { kind: string }) => k.kind),
    ).toEqual(['bid', 'claim', 'counter']);
    const bad = await as(stack.base, a, `mutation($i:CreateGameInput!){createGame(input:$i){id}}`, {
      i: {
        module: 'sealed-bid',
        scenario: 'short',
        timeControl: { preset: 'custom', stepSeconds: 600, perKind: { bidd: 7200 } },
      },
    });
    expect(errorCode(bad)).toBe('BAD_INPUT');
    expect(bad.errors![0]!.extensions!.details![0]).toMatchObject({
      code: 'UNKNOWN_PROMPT_KIND',
      path: ['timeControl', 'perKind', 'bidd'],
    });
    expect(await stack.booted.platform.prisma.game.count({ where: { creatorId: a.id } })).toBe(0);

    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      timeControl: { preset: 'custom', stepSeconds: 600, perKind: { bid: 7200 } },
    });
    await join(stack.base, b, g.id, 'south');
    const first = await as(stack.base, a, `query($id:ID!){game(id:$id){game{deadline timeControl{perKind}}}}`, {
      id: g.id,
    });
    expect(first.data.game.game.timeControl.perKind).toEqual({ bid: 7200 });
    const left1 = new Date(first.data.game.game.deadline).getTime() - Date.now();
    expect(left1).toBeGreaterThan(7000_000);
    expect(left1).toBeLessThanOrEqual(7200_000);
    await submit(stack.base, a, g.id, 1, { bid: 3, note: '' });
    await submit(stack.base, b, g.id, 1, { bid: 1, note: '' });
    // The claim step is not listed: the game's stepSeconds applies again.
    const next = await waitFor(async () => {
      const r = await as(stack.base, a, `query($id:ID!){game(id:$id){game{deadline step}}}`, { id: g.id });
      return r.data.game.game.step === 2 ? r.data.game.game.deadline : null;
    });
    const left2 = new Date(next).getTime() - Date.now();
    expect(left2).toBeGreaterThan(500_000);
    expect(left2).toBeLessThanOrEqual(600_000);
  });

  it('the grace period holds default orders back until it has passed', async () => {
    const s = uid();
    const a = await register(stack.base, `tga_${s}`);
    const b = await register(stack.base, `tgb_${s}`);
    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      timeControl: { preset: 'custom', stepSeconds: 2, graceSeconds: 4 },
    });
    await join(stack.base, b, g.id, 'south');
    const v1 = await view(stack.base, a, g.id);
    const deadline = new Date(v1.game.deadline).getTime();
    await submit(stack.base, a, g.id, 1, { bid: 2, note: 'on time' });
    // Past the announced deadline but inside the grace period: south may still submit.
    await waitFor(async () => Date.now() > deadline + 1000 || null, 10_000);
    expect((await view(stack.base, b, g.id)).game.step).toBe(1);
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 20_000);
    expect(Date.now()).toBeGreaterThanOrEqual(deadline + 4000);
    const resolved = (await view(stack.base, a, g.id)).events.find(
      (e: any) => e.type === 'step-resolved' && e.step === 1,
    );
    expect(resolved.data.defaulted).toEqual(['south']);
  });

  it('a submission inside the grace period counts as on time', async () => {
    const s = uid();
    const a = await register(stack.base, `tha_${s}`);
    const b = await register(stack.base, `thb_${s}`);
    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      timeControl: { preset: 'custom', stepSeconds: 1, graceSeconds: 30 },
    });
    await join(stack.base, b, g.id, 'south');
    const deadline = new Date((await view(stack.base, a, g.id)).game.deadline).getTime();
    await waitFor(async () => Date.now() > deadline + 500 || null, 10_000);
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'late but in grace' });
    const r = await submit(stack.base, b, g.id, 1, { bid: 3, note: 'late but in grace' });
    expect(r.errors).toBeUndefined();
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 15_000);
    const resolved = (await view(stack.base, a, g.id)).events.find(
      (e: any) => e.type === 'step-resolved' && e.step === 1,
    );
    expect(resolved.data.defaulted).toEqual([]);
  });

  it('waits the delay after everyone is ready, and orders changed meanwhile are the ones used', async () => {
    const s = uid();
    const a = await register(stack.base, `tra_${s}`);
    const b = await register(stack.base, `trb_${s}`);
    const g = await createGame(stack.base, a, {
      module: 'sealed-bid',
      scenario: 'short',
      side: 'north',
      timeControl: { readyDelaySeconds: 4 },
    });
    await join(stack.base, b, g.id, 'south');
    await submit(stack.base, a, g.id, 1, { bid: 1, note: 'first' });
    const ready = await submit(stack.base, b, g.id, 1, { bid: 1, note: 'first' });
    expect(ready.data.submitOrders.stepComplete).toBe(true);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    expect((await view(stack.base, a, g.id)).game.step).toBe(1);
    const changed = await submit(stack.base, b, g.id, 1, { bid: 4, note: 'changed my mind' });
    expect(changed.errors).toBeUndefined();
    await waitFor(async () => (await view(stack.base, a, g.id)).game.step === 2, 20_000);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(3500);
    const revealed = (await view(stack.base, a, g.id)).events.find((e: any) => e.type === 'bids-revealed');
    expect(revealed.data.bids).toEqual({ north: 1, south: 4 });
  });
});
