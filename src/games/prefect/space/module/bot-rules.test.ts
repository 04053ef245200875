/**
 * The rules the Space bots once never used (issue 21, "Bots play every rule"): Marine cohorts
 * loaded and named for assaults (bot-marines.ts), Reconnaissance by the invader (bot-invader.ts),
 * interrupted Supply missions and the move out of an opposing-SD segment (bot.ts). Hand-made
 * views for the choices, and bot games for what the bots send.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#engine/contract.js';
import { leaveSegment } from './bot.js';
import { invaderMissions } from './bot-invader.js';
import { marineAssaults, marineLoads, waitsForMarines } from './bot-marines.js';
import type { V } from './bot-targets.js';
import { playBots } from './testing.js';
import { resolveAliases } from './view.js';

const KU = 's3-4';
const ship = (id: string, attack = 4) => ({ id, kind: 'SHIP', status: 'ACTIVE', attack, defence: attack });
const trm = (id: string, supply = 40, marines = 0) => ({
  id,
  type: 'tog-TRM',
  kind: 'TRANSPORT',
  status: 'ACTIVE',
  attack: 0,
  defence: 5,
  carry: 100,
  supply,
  marines,
});
const trl = (id: string) => ({ ...trm(id, 0), type: 'tog-TRL', carry: 10 });

describe('Marines (bot-marines.ts)', () => {
  const off = (units: V[]) => ({ id: 't3', fatigue: 0, place: { kind: 'OFFSYSTEM' }, units });

  it('L2051-2055: every off-system cohort goes aboard an off-system transport, within its limit and room', () => {
    const view = { own: { offSystemMarines: 2, tfs: [off([ship('p'), trm('m')])] } };
    expect(marineLoads(view)).toEqual([{ unit: 'm', cohorts: 2 }]);
    // a TRL takes one (L2053), and one with no room for 10 SP takes none (L2051)
    const small = { own: { offSystemMarines: 2, tfs: [off([trl('l'), trm('full', 95)])] } };
    expect(marineLoads(small)).toEqual([{ unit: 'l', cohorts: 1 }]);
    const away = { own: { offSystemMarines: 2, tfs: [{ ...off([trm('m')]), place: { kind: 'SECTOR', sector: KU } }] } };
    expect(marineLoads(away)).toEqual([]);
  });

  it('L2055: a transport TF waits off-system only while it could take cohorts', () => {
    const tf = off([trm('m')]);
    expect(waitsForMarines({ own: { offSystemMarines: 2 } }, tf)).toBe(true);
    expect(waitsForMarines({ own: { offSystemMarines: 0 } }, tf)).toBe(false);
    expect(waitsForMarines({ own: { offSystemMarines: 2 } }, off([ship('p')]))).toBe(false);
  });

  it('L2063, H25: the assault names the sighted enemy orbital bases of the segment, from transports carrying cohorts', () => {
    const view = {
      own: { bases: [{ id: 'ours' }] },
      map: {
        sightings: [
          { sector: KU, segment: 2, turn: 1, bases: [{ id: 'old', ground: false }] },
          {
            sector: KU,
            segment: 2,
            turn: 2,
            bases: [
              { id: 'on2', ground: false },
              { id: 'gn2', ground: true },
              { id: 'ours', ground: false },
            ],
          },
          { sector: KU, segment: 1, turn: 2, bases: [{ id: 'on3', ground: false }] },
        ],
      },
    };
    const tf = { units: [trm('m', 40, 2), trm('empty'), ship('p')] };
    expect(marineAssaults(view, tf, KU, 2)).toEqual([{ transport: 'm', base: 'on2' }]);
    expect(marineAssaults(view, { units: [trm('empty')] }, KU, 2)).toEqual([]);
  });
});

describe('Reconnaissance by the invader (bot-invader.ts)', () => {
  const all = ['ATTACK', 'HS_ATTACK', 'RECON', 'SUPPLY', 'GROUND_SUPPORT', 'WITHDRAWAL'];
  const tf = (id: string, fatigue: number, units: V[]) => ({
    id,
    fatigue,
    place: { kind: 'SECTOR', sector: KU },
    units,
  });
  const view = (segments: number[], tfs: V[]) => ({
    scenario: 'hold-the-line',
    map: { sightings: segments.map((segment) => ({ sector: KU, segment, turn: 1, bases: [] })) },
    own: { bases: [], tfs },
  });
  const run = (v: V, base: Record<string, string>) =>
    Object.fromEntries(
      (
        invaderMissions(
          v,
          { choices: { tfs: v.own.tfs.map((x: V) => ({ tf: x.id, place: x.place, missions: all })) } },
          { kind: 'missions', missions: Object.entries(base).map(([t, mission]) => ({ tf: t, mission })) },
        ) as { missions: { tf: string; mission: string }[] }
      ).missions.map((m) => [m.tf, m.mission]),
    );

  it('D-58, L1833: while fewer than 3 segments of the key sector were seen, the weakest fresh holding TF flies Recon', () => {
    const tfs = [tf('a', 0, [ship('a1', 9)]), tf('b', 0, [ship('b1', 5)]), tf('c', 1, [ship('c1', 2)])];
    expect(run(view([1, 10], tfs), { a: 'ATTACK', b: 'ATTACK', c: 'ATTACK' })).toEqual({
      a: 'GROUND_SUPPORT',
      b: 'RECON', // c is weaker, but a fought ship TF (fatigue 1) keeps its fatigue for the GS
      c: 'SUPPLY',
    });
    expect(run(view([1, 2, 10], tfs), { a: 'ATTACK', b: 'ATTACK', c: 'ATTACK' })).toEqual({
      a: 'GROUND_SUPPORT',
      b: 'SUPPLY',
      c: 'SUPPLY',
    });
  });

  it('D-58: a transport TF on Supply scouts at fatigue 1 too (it flies no GS)', () => {
    const tfs = [tf('a', 1, [ship('a1', 9)]), tf('t', 1, [ship('p'), trm('m')])];
    expect(run(view([1], tfs), { a: 'ATTACK', t: 'SUPPLY' })).toEqual({ a: 'GROUND_SUPPORT', t: 'RECON' });
    expect(run(view([1], [tf('a', 1, [ship('a1', 9)]), tf('t', 2, [trm('m')])]), { a: 'ATTACK', t: 'SUPPLY' })).toEqual(
      { a: 'GROUND_SUPPORT', t: 'SUPPLY' },
    );
  });
});

describe('the move out of an opposing-SD segment (bot.ts leaveSegment)', () => {
  it('L1861, L1863: units stay with a base of theirs in the segment, and leave one that holds none', () => {
    const view = { own: { bases: [{ id: 'b', sector: KU, segment: 2, status: 'DISRUPTED' }] } };
    const point = (segment: number) => ({
      choices: { kind: 'leave-segment', sector: KU, segment, units: ['u1', 'u2'] },
    });
    expect(leaveSegment(view, point(2))).toEqual({ kind: 'combat-decision', units: [] });
    expect(leaveSegment(view, point(3))).toEqual({ kind: 'combat-decision', units: ['u1', 'u2'] });
  });
});

describe('bot games (hold-the-line)', () => {
  it('L2049-2057, L1695, D-58: TOG loads its cohorts, only Supply TFs without transports interrupt, Recon is flown', () => {
    let loaded = 0;
    let recon = 0;
    const interrupted: string[] = [];
    for (const seed of ['br-0', 'br-1']) {
      playBots(seed, ({ prev, orders, events }) => {
        for (const [side, order] of Object.entries(orders)) {
          const o = resolveAliases(prev, order as Json) as V;
          if (o.kind === 'supply') loaded += (o.loadMarines as V[]).filter(() => side === 'TOG').length;
          if (o.kind === 'combat-plan')
            for (const t of o.plan.tfs as V[]) {
              const tf = prev.tfs[t.tf];
              if (t.interrupt)
                interrupted.push(
                  `${tf.mission}${tf.units.some((u) => prev.units[u].type.endsWith('TRL') || prev.units[u].type.endsWith('TRM')) ? ' with transports' : ''}`,
                );
            }
        }
        recon += events.filter((e) => e.type === 'RECON_DETECTION').length;
      });
    }
    expect(loaded).toBeGreaterThan(0);
    expect(recon).toBeGreaterThan(0);
    expect(interrupted.length).toBeGreaterThan(0);
    expect(new Set(interrupted)).toEqual(new Set(['SUPPLY']));
  });
});
