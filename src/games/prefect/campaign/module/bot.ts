/**
 * The campaign bot reuses the two modules' bots phase by phase (each reads only its side's view
 * and prompt): the Space bot for items 1-7, the Planetary bot for the ground half, both for the
 * joint TF Adjustment and Supply orders. The one campaign rule it must add: a GS TF at the planet
 * names no space strike target (L2182), it waits in the GS box.
 */
import type { Json } from '../../../../engine/contract.js';
import type { Dice } from '../../../../engine/dice.js';
import { resolveAliases } from '../../space/module/view.js';
import { aliasTfIds } from '../../view.js';
import { independentBot } from './end-of-combat.js';
import { commitBot } from './support-link.js';
import { campaignData } from '../data/index.js';
import { dropEligible } from '../drops.js';
import { offSystemSupply } from '../supply.js';
import { groundAt, groundBot, spaceAt, spaceBot, spacePrompts } from './halves.js';
import type { CampaignGameState } from './types.js';
import { validateOrders } from './validate.js';

function holdStrikes(cs: CampaignGameState, order: Json): Json {
  const o = order as { kind?: string; plan?: { tfs?: { tf: string; gsTarget?: string }[] } } | null;
  if (o?.kind !== 'combat-plan') return order;
  for (const t of o.plan?.tfs ?? []) {
    const tf = cs.space.tfs[resolveAliases(cs.space, t.tf) as string];
    if (t.gsTarget && tf?.mission === 'GROUND_SUPPORT' && tf.place.kind === 'SECTOR' && tf.place.sector === campaignData.rules.planetSector) delete t.gsTarget;
  }
  return order;
}

/**
 * L2364-2372: the invader's TFs carrying droppable cargo take the Orbital Drop mission when it is
 * legal (the Space bot knows no cargo). Reads only the side's own record sheet (cargo, own TFs).
 */
function dropMissions(cs: CampaignGameState, side: string, order: Json): Json {
  const o = order as { kind?: string; missions?: { tf: string; mission: string; params?: unknown }[] } | null;
  if (o?.kind !== 'missions') return order;
  const prompt = spacePrompts(cs.space).find((p) => p.side === side);
  const legal = new Map(((prompt?.choices as { tfs?: { tf: string; missions: string[] }[] } | null)?.tfs ?? []).map((t) => [t.tf, t.missions]));
  for (const m of o.missions ?? []) {
    const id = resolveAliases(cs.space, m.tf) as string;
    const tf = cs.space.tfs[id];
    const carries = !!tf && Object.entries(cs.cargo).some(([u, c]) => c.transports.every((t) => tf.units.includes(t)) && dropEligible(cs.planetary.units[u]));
    if (carries && legal.get(m.tf)?.includes('ORBITAL_DROP')) { m.mission = 'ORBITAL_DROP'; delete m.params; }
  }
  return order;
}

/**
 * D-01: the invasion is won on Ku Crassus, so the invader's T-space exits come out at the planet
 * and its OD TF carrying cargo moves there (the Space bot aims at the space scenario's sectors).
 */
function steerInvader(cs: CampaignGameState, side: string, order: Json): Json {
  const sc = campaignData.scenarios[cs.scenario];
  if (side !== sc.invader) return order;
  const planet = campaignData.rules.planetSector;
  const o = structuredClone(order) as { kind?: string; exits?: { tf: string; sector: string }[]; moves?: { tf: string; to: string }[] } | null;
  if (o?.kind === 'tspace') for (const x of o.exits ?? []) x.sector = planet;
  else if (o?.kind === 'move') {
    const prompt = spacePrompts(cs.space).find((p) => p.side === side);
    for (const c of ((prompt?.choices as { tfs?: { tf: string; from: string; mission: string }[] } | null)?.tfs ?? [])) {
      if (c.mission !== 'ORBITAL_DROP' || c.from === planet) continue;
      o.moves = [...(o.moves ?? []).filter((m) => m.tf !== c.tf), { tf: c.tf, to: planet }];
    }
  } else return order;
  return validateOrders(cs, side, o).length ? order : (o as Json);
}

/** L2282-2284: the Space bot loads as if supply were unlimited; its loads are cut to the turn's off-system SP, in its order. */
function withinAllowance(cs: CampaignGameState, side: string, naval: Json): Json {
  const o = naval as { load?: { unit: string; sp: number }[] } | null;
  if (!o?.load) return naval;
  let left = offSystemSupply(campaignData.scenarios[cs.scenario], side as 'TOG' | 'CW', cs.turn);
  o.load = o.load.map((l) => { const sp = Math.min(l.sp, left); left -= sp; return { ...l, sp }; }).filter((l) => l.sp > 0);
  return naval;
}

export function campaignBot(cs: CampaignGameState, side: string, dice: Dice): Json {
  switch (cs.stage) {
    case 'SPACE': return steerInvader(cs, side, holdStrikes(cs, dropMissions(cs, side, spaceBot(cs.space, side, dice))));
    case 'GROUND':
      if (cs.pendingSupport) return aliasTfIds(cs.planetary, commitBot(cs, side as 'TOG' | 'CW') as unknown as Json);
      return groundBot(cs.planetary, side, dice);
    case 'WITHDRAWAL': return groundBot(cs.planetary, side, dice);
    case 'END_OF_COMBAT': return aliasTfIds(cs.planetary, independentBot(cs, side as 'TOG' | 'CW') as unknown as Json);
    case 'ADJUST': return { kind: 'tf-adjustment', ground: groundBot(groundAt(cs.planetary, 'ADJUSTMENT'), side, dice), naval: spaceBot(spaceAt(cs.space, 'ADJUST'), side, dice) };
    case 'SUPPLY': return { kind: 'campaign-supply', ground: groundBot(cs.planetary, side, dice), naval: withinAllowance(cs, side, spaceBot(spaceAt(cs.space, 'SUPPLY'), side, dice)) };
    case 'GAME_OVER': return null;
  }
}
