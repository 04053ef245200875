/**
 * Kernel Prompts of the campaign: in the space and ground halves, the sub-module's own prompt
 * (its choices, defaults and reaction deadline, already redacted/aliased for the owing side)
 * under the campaign prompt kind; at TF Adjustment and Supply one sealed prompt per side joining
 * the ground and naval parts. Every kind is declared in PROMPT_KINDS with its documented default
 * step length (../sequence.ts CAMPAIGN_PROMPT_KINDS, TimeControl.perKind).
 */
import type { Json, Prompt, PromptKindInfo } from '#engine/contract.js';
import { stats } from '../../space/index.js';
import { campaignData } from '../data/index.js';
import { CAMPAIGN_PROMPT_KINDS } from '../sequence.js';
import { groundAt, groundPrompts, spaceAt, spacePrompts } from './halves.js';
import { aliasTfIds } from '../../planetary/index.js';
import { emptyIndependent, independentChoices, unusedGs } from './end-of-combat.js';
import { undetectedInNSpace } from './nspace-record.js';
import { commitChoices, emptyCommit } from './support-link.js';
import { withNavalSupportPrompt } from './counter-support.js';
import { owedAt } from './sequence.js';
import { centurionSupport, committing, groundPaused } from './external-link.js';
import { withSupplyLinkPrompt } from './supply-link.js';
import { newBasesChoices } from './base-orders.js';
import { marineCargoChoices } from './marines-link.js';
import { withLegionSourcesPrompt } from './legion-sources-bot.js';
import type { CampaignGameState, Side } from './types.js';

/** Space combat plans and standing reactions: sealed like missions; two days (SEALED_ORDERS default). */
const EXTRA_KINDS: (PromptKindInfo & { seconds: number })[] = [
  {
    kind: 'space-combat',
    seconds: 48 * 3600,
    description:
      "Space Combat (items 4 and 7): the phasing side's sealed plan and the other side's standing reactions (L1443-1829, L2182).",
  },
  // D-87 (option externalCombat, external-link.ts): each prompt also carries its own deadlineSeconds = externalResultSeconds.
  {
    kind: 'external-result',
    seconds: 24 * 3600,
    description:
      "Option externalCombat (D-87): both players' sealed entry of a space battle fought with Leviathan (L2572-2600) or of a ground combat fought with Centurion (L2749-2798), in Prefect terms; applied when they agree.",
  },
];

export const PROMPT_KINDS: PromptKindInfo[] = [...CAMPAIGN_PROMPT_KINDS, ...EXTRA_KINDS].map((k) => ({
  kind: k.kind,
  description: `${k.description} Default step: ${k.seconds / 3600} h.`,
}));
export const DEFAULT_SECONDS: Readonly<Record<string, number>> = Object.fromEntries(
  [...CAMPAIGN_PROMPT_KINDS, ...EXTRA_KINDS].map((k) => [k.kind, k.seconds]),
);

/** The owner's own dropped units (OD boxes, L2378) and dropped groups (L2388): his record sheet only. */
function dropChoices(cs: CampaignGameState, side: string): Json {
  const boxes = Object.entries(cs.zones).flatMap(([z, b]) =>
    b.od.filter((e) => e.side === side && e.units.length).map((e) => ({ zone: Number(z), units: e.units })),
  );
  const groups = cs.dropGroups
    .filter((g) => g.side === side)
    .map((g) => ({ group: g.id, zone: g.zone, units: g.units }));
  return JSON.parse(JSON.stringify({ odBoxes: boxes, groups })) as Json;
}

const joint = (
  cs: CampaignGameState,
  side: string,
  kind: string,
  orderKind: string,
  description: string,
  ground: Prompt | undefined,
  naval: Prompt | undefined,
): Prompt => ({
  side,
  kind,
  secret: true,
  description,
  choices: { ground: ground?.choices ?? null, naval: naval?.choices ?? null, drops: dropChoices(cs, side) },
  defaultOrders: {
    kind: orderKind,
    ground: ground?.defaultOrders ?? null,
    naval: naval?.defaultOrders ?? null,
  } as Json,
});

/**
 * The campaign's space combat plan may say what each OD transport drops (`odLoads`, L2368-2378,
 * L2398); absent, every eligible unit aboard drops. The choices list the side's own cargo aboard
 * the transports of its OD TFs at the planet (his record sheet).
 */
function withOdLoads(cs: CampaignGameState, p: Prompt): Prompt {
  const side = p.side;
  const planet = campaignData.rules.planetSector;
  const transports = Object.values(cs.space.tfs)
    .filter(
      (t) => t.side === side && t.mission === 'ORBITAL_DROP' && t.place.kind === 'SECTOR' && t.place.sector === planet,
    )
    .flatMap((t) => t.units.filter((u) => cs.space.units[u] && stats(cs.space.units[u]).kind === 'TRANSPORT'))
    .map((t) => ({
      transport: t,
      supply: cs.space.units[t].supply ?? 0,
      carriedBase: cs.space.units[t].baseLoad?.base ?? null,
      units: Object.entries(cs.cargo)
        .filter(([, c]) => c.transports.includes(t))
        .map(([u]) => ({ id: u, type: cs.planetary.units[u].type })),
    }));
  return {
    ...p,
    kind: 'space-combat',
    description: `${p.description} Campaign: \`odLoads\` [{ transport, units?, supply?, toHq?, base?: { base, toTf } }] says what an Orbital Drop transport drops if it comes through (L2368-2378, L2398; \`base\`: the dismantled Legion base it carries, \`carriedBase\`, to your ground TF of the zone, L2408, L2418-2422); absent, every eligible unit aboard drops. Marines aboard a transport of an Attack TF (\`marineCargo\`) land from the plan's \`marines\` as its cohorts (L2049-2083); captured: they land at the base, else they are destroyed.`,
    choices: {
      ...(p.choices as Record<string, Json>),
      odCargo: JSON.parse(JSON.stringify(transports)) as Json,
      marineCargo: marineCargoChoices(cs, side),
    },
  };
}

/** L2204: the planned movement orders and the interactive counter-attack answers may carry naval support of counter-attacks (counter-support.ts). */
const withNavalSupport = (cs: CampaignGameState, p: Prompt, inner: string): Prompt =>
  withNavalSupportPrompt(cs, p, inner);

export function buildPrompts(cs: CampaignGameState): Prompt[] {
  switch (cs.stage) {
    case 'GROUND':
      if (committing(cs)) {
        return owedAt(cs).map((o) => ({
          side: o.side,
          kind: o.kind,
          secret: o.secret,
          description:
            'Naval ground support (L2204-2214, D-76): commit your unused GS units to the declared combats of their zone — the naval attack is added to the attack or the defence; each unit once per turn (D-83).',
          choices: aliasTfIds(cs.planetary, commitChoices(cs, o.side)),
          defaultOrders: emptyCommit() as unknown as Json,
        }));
      }
    // falls through
    case 'SPACE':
    case 'WITHDRAWAL': {
      const sub = cs.stage === 'SPACE' ? spacePrompts(cs.space) : groundPrompts(cs.planetary);
      const owed = owedAt(cs);
      // D-87, L2670-2679: a Centurion entry's prompt shows the naval support committed to the combat (external-link.ts).
      if (cs.stage === 'GROUND' && groundPaused(cs))
        return sub.map((p, i) => ({
          ...p,
          kind: owed[i].kind,
          choices: { ...(p.choices as Record<string, Json>), navalSupport: centurionSupport(cs) },
        }));
      return sub.map((p, i) =>
        owed[i].inner === 'combat-plan' && cs.stage === 'SPACE'
          ? withOdLoads(cs, p)
          : withNavalSupport(cs, { ...p, kind: owed[i].kind }, owed[i].inner),
      );
    }
    case 'END_OF_COMBAT':
      return owedAt(cs).map((o) => ({
        side: o.side,
        kind: o.kind,
        secret: false,
        description:
          "End of the Ground Combat Phase (L2256-2258, L2380, D-80): independent attacks by your unused GS units on enemy TFs or bases of their zone (the turn Attacker first), and GS fighter attacks on the enemy's dropped forces in their zone's OD box (resolved after both sides' independent attacks). On a base, `shift` (L2272): the column shift of a force whose naval TFs were not detected in N-space this turn (`nspaceUndetected`; absent = shift when allowed, false = none).",
        choices: {
          ...(aliasTfIds(cs.planetary, independentChoices(cs, o.side)) as Record<string, Json>),
          nspaceUndetected: Object.values(unusedGs(cs, o.side))
            .flat()
            .filter((u) => undetectedInNSpace(cs, [u])),
        },
        defaultOrders: emptyIndependent() as unknown as Json,
      }));
    case 'ADJUST': {
      const g = groundPrompts(groundAt(cs.planetary, 'ADJUSTMENT'));
      const n = spacePrompts(spaceAt(cs.space, 'ADJUST'));
      return owedAt(cs)
        .map((o) =>
          joint(
            cs,
            o.side,
            'tf-adjustment',
            'tf-adjustment',
            "Campaign TF Adjustment (L2171, D-75): your ground TF adjustment (L866-878), your naval TF adjustment (L1869-1889), the grouping of your dropped units (`drops`, L2388; absent: per zone and organisation one TF of gravitic units and one of the others) and new bases assigned to TFs (`assignBases` [{ tf, type }] of `newBases.available`, built by the TF's Construction Engineers in a later turn's Supply, L952-956, D-51), sealed.",
            g.find((p) => p.side === o.side),
            n.find((p) => p.side === o.side),
          ),
        )
        .map((p) => ({
          ...p,
          choices: { ...(p.choices as Record<string, Json>), newBases: newBasesChoices(cs, p.side as Side) },
        }));
    }
    case 'SUPPLY': {
      const g = groundPrompts(cs.planetary);
      const n = spacePrompts(spaceAt(cs.space, 'SUPPLY'));
      return owedAt(cs).map((o) =>
        withLegionSourcesPrompt(
          cs,
          withSupplyLinkPrompt(
            cs,
            joint(
              cs,
              o.side,
              'supply',
              'campaign-supply',
              'Campaign Supply (L2286-2291): your naval supply (rearm, reorganise, loading, transfers, L1891-1967) and your ground Supply Phase (L737-846), then where your dropped groups land (`landings`, L2390; absent: the legal hex nearest an objective), sealed.',
              g.find((p) => p.side === o.side),
              n.find((p) => p.side === o.side),
            ),
          ),
        ),
      );
    }
    case 'GAME_OVER':
      return [];
  }
}
