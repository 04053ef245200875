/**
 * The campaign bot reuses the two modules' bots phase by phase (each reads only its side's view
 * and prompt): the Space bot for items 1-7, the Planetary bot for the ground half, both for the
 * joint TF Adjustment and Supply orders. The one campaign rule it must add: a GS TF at the planet
 * names no space strike target (L2182), it waits in the GS box. The invader's cargo Marines
 * assault a disorganised enemy base alone in its segment when there is one (L2033-2083,
 * bot-marines.ts); otherwise they drop with the Legion.
 */
import { groundPaused } from './external-link.js';
import type { Json } from '#engine/contract.js';
import type { Dice } from '#engine/dice.js';
import { resolveAliases } from '../../space/index.js';
import { aliasTfIds } from '../../planetary/index.js';
import { independentBot } from './end-of-combat.js';
import { commitBot } from './support-link.js';
import { campaignData } from '../data/index.js';
import { dropsNow, holdForAssault, marineTargets, withMarineMissions, withMarinePlan } from './bot-marines.js';
import { offSystemSupply } from '../supply.js';
import { groundAt, groundBot, spaceAt, spaceBot, spacePrompts } from './halves.js';
import type { CampaignGameState } from './types.js';
import { validateOrders } from './validate.js';
import {
  aimSegments,
  assaultKeyBases,
  concentrate,
  invaderGroups,
  invaderLandings,
  splitStacks,
} from './bot-invader.js';
import { withSupplyLink } from './supply-link.js';
import { withBotNavalSupport } from './bot-support.js';
import { rebuildsWithinLimits, withBaseAssignments, withBaseBuilds, withNavalLift } from './bot-logistics.js';
import { withBotLegionSources } from './legion-sources-bot.js';
import { supplyDropLoads, supplyDropMissions } from './bot-supply-drop.js';
import { withBaseCarry } from './bot-base-carry.js';
import type { Side } from '../../common/types.js';
import type { AdjustmentOrder } from '../../planetary/index.js';

function holdStrikes(cs: CampaignGameState, order: Json): Json {
  const o = order as { kind?: string; plan?: { tfs?: { tf: string; gsTarget?: string }[] } } | null;
  if (o?.kind !== 'combat-plan') return order;
  for (const t of o.plan?.tfs ?? []) {
    const tf = cs.space.tfs[resolveAliases(cs.space, t.tf) as string];
    if (
      t.gsTarget &&
      tf?.mission === 'GROUND_SUPPORT' &&
      tf.place.kind === 'SECTOR' &&
      tf.place.sector === campaignData.rules.planetSector
    )
      delete t.gsTarget;
  }
  return order;
}

/**
 * L2364-2372: the invader's TFs carrying droppable cargo take the Orbital Drop mission when it is
 * legal (the Space bot knows no cargo) — Marines excepted while an assault target is there: they
 * stay aboard, and a TF with Marines aboard attacks the disorganised enemy base (L2063,
 * bot-marines.ts). Reads only the side's own record sheet (cargo, own TFs) and public base states.
 */
function dropMissions(cs: CampaignGameState, side: string, order: Json): Json {
  const o = order as { kind?: string; missions?: { tf: string; mission: string; params?: unknown }[] } | null;
  if (o?.kind !== 'missions') return order;
  const prompt = spacePrompts(cs.space).find((p) => p.side === side);
  const legal = new Map(
    ((prompt?.choices as { tfs?: { tf: string; missions: string[] }[] } | null)?.tfs ?? []).map((t) => [
      t.tf,
      t.missions,
    ]),
  );
  const assault = marineTargets(cs, side as Side).length > 0;
  for (const m of o.missions ?? []) {
    const id = resolveAliases(cs.space, m.tf) as string;
    const tf = cs.space.tfs[id];
    const carries =
      !!tf &&
      Object.entries(cs.cargo).some(
        ([u, c]) => c.transports.every((t) => tf.units.includes(t)) && dropsNow(cs, u, assault),
      );
    if (carries && legal.get(m.tf)?.includes('ORBITAL_DROP')) {
      m.mission = 'ORBITAL_DROP';
      delete m.params;
    }
  }
  return withMarineMissions(cs, side as Side, order, legal); // L2063 (bot-marines.ts)
}

/**
 * D-01: the invasion is won on Ku Crassus, so the invader's T-space exits come out at the planet
 * and its OD TF carrying cargo moves there (the Space bot aims at the space scenario's sectors).
 */
function steerInvader(cs: CampaignGameState, side: string, order: Json): Json {
  const sc = campaignData.scenarios[cs.scenario];
  if (side !== sc.invader) return order;
  const planet = campaignData.rules.planetSector;
  const o = structuredClone(order) as {
    kind?: string;
    exits?: { tf: string; sector: string }[];
    moves?: { tf: string; to: string }[];
  } | null;
  if (o?.kind === 'tspace') for (const x of o.exits ?? []) x.sector = planet;
  else if (o?.kind === 'move') {
    const prompt = spacePrompts(cs.space).find((p) => p.side === side);
    for (const c of (prompt?.choices as { tfs?: { tf: string; from: string; mission: string }[] } | null)?.tfs ?? []) {
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
  o.load = o.load
    .map((l) => {
      const sp = Math.min(l.sp, left);
      left -= sp;
      return { ...l, sp };
    })
    .filter((l) => l.sp > 0);
  return naval;
}

/** The invader's own drop plan (bot-invader.ts) in the joint order, kept only if it validates (else the module's default, L2388-2392). */
function withDrops(cs: CampaignGameState, side: string, order: Json, field: 'drops' | 'landings'): Json {
  if (side !== campaignData.scenarios[cs.scenario].invader) return order;
  const plan = field === 'drops' ? invaderGroups(cs, side as Side) : invaderLandings(cs, side as Side);
  if (!plan.length) return order;
  const o = { ...(order as Record<string, Json>), [field]: plan as unknown as Json };
  return validateOrders(cs, side, o).length ? order : o;
}

/** The invader's movement plan with its assault on the key bases (bot-invader.ts), kept only if it validates. */
function massed(cs: CampaignGameState, side: string, order: Json): Json {
  if (side !== campaignData.scenarios[cs.scenario].invader) return order;
  const o = assaultKeyBases(cs, side as Side, concentrate(cs, side as Side, order));
  return o === order || validateOrders(cs, side, o).length ? order : o;
}

/** L2418-2424: the invader's dismantled base carried and dropped (bot-base-carry.ts) on top of each stage's order. */
export const campaignBot = (cs: CampaignGameState, side: string, dice: Dice): Json =>
  withBaseCarry(cs, side, stageBot(cs, side, dice));

function stageBot(cs: CampaignGameState, side: string, dice: Dice): Json {
  switch (cs.stage) {
    case 'SPACE': {
      const missions = supplyDropMissions(cs, side as Side, dropMissions(cs, side, spaceBot(cs.space, side, dice)));
      const o = steerInvader(cs, side, holdStrikes(cs, missions));
      if (side !== campaignData.scenarios[cs.scenario].invader) return o;
      const aimed = aimSegments(cs, side as Side, o);
      // L2398, L2406: SP to a low HQ (bot-supply-drop.ts), after the troop drops are aimed; then the Marines.
      const chosen = supplyDropLoads(cs, side as Side, validateOrders(cs, side, aimed).length ? o : aimed);
      return withMarinePlan(cs, side as Side, holdForAssault(cs, side as Side, chosen)); // L2063, L2368-2378
    }
    case 'GROUND':
      if (groundPaused(cs)) return groundBot(cs.planetary, side, dice); // D-87: the Planetary bot's entry (the public suggestion), so both agree
      if (cs.pendingSupport) return aliasTfIds(cs.planetary, commitBot(cs, side as 'TOG' | 'CW') as unknown as Json);
      // L2204: naval support of counter-attacks where the bot's GS units tip the column (bot-support.ts).
      return withBotNavalSupport(
        cs,
        side as Side,
        massed(cs, side, groundBot(cs.planetary, side, dice)),
        (o) => !validateOrders(cs, side, o).length,
      );
    case 'WITHDRAWAL':
      return groundBot(cs.planetary, side, dice);
    case 'END_OF_COMBAT':
      return aliasTfIds(cs.planetary, independentBot(cs, side as 'TOG' | 'CW') as unknown as Json);
    case 'ADJUST': {
      const ground = groundBot(groundAt(cs.planetary, 'ADJUSTMENT'), side, dice);
      const o = { kind: 'tf-adjustment', ground, naval: spaceBot(spaceAt(cs.space, 'ADJUST'), side, dice) } as Record<
        string,
        Json
      >;
      if (
        side === campaignData.scenarios[cs.scenario].invader &&
        (ground as { kind?: string } | null)?.kind === 'adjustment'
      ) {
        const split = {
          ...o,
          ground: splitStacks(cs, side as Side, ground as unknown as AdjustmentOrder) as unknown as Json,
        };
        if (!validateOrders(cs, side, split).length)
          return withBaseAssignments(cs, side as Side, withDrops(cs, side, split, 'drops'));
      }
      return withBaseAssignments(cs, side as Side, withDrops(cs, side, o, 'drops')); // D-51 (bot-logistics.ts)
    }
    case 'SUPPLY':
      // L2290: SP lifted to naval bases last, from what the builds and the ground leave (bot-logistics.ts).
      return withNavalLift(
        cs,
        side as Side,
        withBaseBuilds(
          cs,
          side as Side,
          withDrops(
            cs,
            side,
            withSupplyLink(
              cs,
              side as Side,
              withBotLegionSources(
                cs,
                side as Side,
                {
                  kind: 'campaign-supply',
                  ground: rebuildsWithinLimits(cs, side as Side, groundBot(cs.planetary, side, dice)),
                  naval: withinAllowance(cs, side, spaceBot(spaceAt(cs.space, 'SUPPLY'), side, dice)),
                },
                (o) => !validateOrders(cs, side, o).length,
              ),
            ),
            'landings',
          ),
        ),
      ); // 5.C.8: Legion sources (legion-sources-bot.ts)
    case 'GAME_OVER':
      return null;
  }
}
