/** The secrets suites' detectors find what they are for (./derive.ts, ./play.ts). */
import { describe, expect, it } from 'vitest';
import type { GameModule } from '#engine/contract.js';
import { seededDice } from '#engine/dice.js';
import { defineKit } from '#engine/kit.js';
import { attributeLeaks, findToken, idLike, Ledger, orderProblems, tokensOf } from './derive.js';
import { covered, kitOf, oracleFindings } from './play.js';
import prefectCampaign from '#games/prefect/campaign/module/index.js';
import campaignKit from '#games/prefect/campaign/module/kit.js';

const kit = defineKit({ maxSteps: 1, secrets: { hiddenKeys: ['org'] }, bench: { engine: true } });

describe('derived secrets: the detectors', () => {
  it('identifier-like strings only: not side names, words, numbers or sentences', () => {
    expect(['C:1/9', 'tog-BB-1', 'tf_375f3a3d', 'SECRET-north-3-1'].every(idLike)).toBe(true);
    expect(['HUMAN', 'clear', '0906', '12', 'No unit by that id', 'ab'].some(idLike)).toBe(false);
    expect([...tokensOf({ a: ['C:1/9', 'clear'], 'u-12': 3, rule: 'H39' }, new Set())]).toEqual(['C:1/9', 'u-12']);
  });

  it('a token is found whole, not inside a longer id', () => {
    expect(findToken('{"u":"cw-P-12"}', 'cw-P-1')).toBe(-1);
    expect(findToken('unit cw-P-1.', 'cw-P-1')).toBeGreaterThan(0);
    expect(findToken('["cw-P-1"]', 'cw-P-1')).toBe(2);
  });

  it('a hidden attribute of a named piece, unless the viewer was shown it', () => {
    const event = { tf: 'tf_ab12', side: 'TOG', org: 'tog-legion' };
    expect(attributeLeaks(event, 'TOG', kit, new Set())).toHaveLength(1);
    expect(attributeLeaks(event, 'TOG', kit, new Set([`tf_ab12\u0000org\u0000"tog-legion"`]))).toEqual([]);
    expect(attributeLeaks({ side: 'TOG', org: 'tog-legion' }, 'TOG', kit, new Set())).toEqual([]); // no piece named
  });

  it('list order: by shown id; a fixed public order that changes is caught', () => {
    const view = (ids: string[]) => ({ tfs: ids.map((id) => ({ id, side: 'CW' })) });
    expect(orderProblems(view(['a1', 'b2']), 'TOG', ['TOG', 'CW'], kit, new Map())).toEqual([]);
    expect(orderProblems(view(['b2', 'a1']), 'TOG', ['TOG', 'CW'], kit, new Map())).toHaveLength(1);
    const fixed = defineKit({ ...kit, secrets: { orderedByRule: { tfs: { rule: 'printed', fixed: true } } } });
    const seen = new Map();
    expect(orderProblems(view(['b2', 'a1']), 'TOG', ['TOG', 'CW'], fixed, seen)).toEqual([]);
    expect(orderProblems(view(['a1', 'b2']), 'TOG', ['TOG', 'CW'], fixed, seen)).toHaveLength(1);
  });

  it('the fixture: its notes are derived as hidden from the other side and a leaking event is caught', () => {
    const { module, kit: k } = covered.find((c) => c.module.id === 'sealed-bid')!;
    const ledger = new Ledger(module, kitOf({ module, kit: k }), ['north', 'south'], 'standard');
    let s = module.setup('standard', { budget: 10, failAtRound: 0 }, seededDice('derive'));
    s = module.resolve(
      s,
      { north: { bid: 1, note: 'SECRET-n-1' }, south: { bid: 0, note: 'SECRET-s-1' } },
      seededDice('derive', 1),
    ).state;
    ledger.observe(s);
    expect([...ledger.secretsFor('south')]).toContain('SECRET-n-1');
    expect(ledger.checkEvents('e', 'south', [{ type: 'x', data: { note: 'SECRET-n-1' } }])).toHaveLength(1);
    expect(ledger.checkEvents('e', 'north', [{ type: 'x', data: { note: 'SECRET-n-1' } }])).toEqual([]);
  });

  it("a kit's named rules reveal shows what it names: the Campaign's used ground support (L2214, D-76)", () => {
    const ledger = new Ledger(prefectCampaign, campaignKit, ['TOG', 'CW'], 'invasion');
    ledger.observe(prefectCampaign.setup('invasion', {}, seededDice('derive-gs')));
    // The TOG side's GS units supporting its counter-attacked TF, by type, told to both sides.
    const data = { side: 'TOG', counterAttack: 'tf_b03e8b146d9bc469', units: ['tog-P', 'tog-D'], rule: 'L2204, D-76' };
    expect(ledger.checkEvents('e', 'CW', [{ type: 'gs.unnamed', data }])).toHaveLength(1);
    expect(ledger.checkEvents('e', 'CW', [{ type: 'gs.revealed', data }])).toEqual([]);
  });

  it('the validate oracle: a hidden id answered unlike a made-up one', () => {
    const m = {
      validate: (_s: unknown, _side: string, o: any) =>
        o.u === 'C:1/9'
          ? [{ code: 'hidden', path: ['u'], message: 'x' }]
          : [{ code: 'unknown', path: ['u'], message: 'x' }],
    } as unknown as GameModule;
    expect(oracleFindings(m, kit, {}, 'HUMAN', { u: 'H:1/1' }, ['C:1/9'])).toHaveLength(1);
    const fair = { validate: () => [{ code: 'unknown', path: ['u'], message: 'x' }] } as unknown as GameModule;
    expect(oracleFindings(fair, kit, {}, 'HUMAN', { u: 'H:1/1' }, ['C:1/9'])).toEqual([]);
  });

  it('a module without a kit fails, with the reason', () => {
    expect(() => kitOf({ module: { id: 'nokit' } as GameModule })).toThrow(/ships no test kit/);
  });
});
