/**
 * Verifies a game export without a server: the revealed seed against its published hash, every
 * receipt's signature, every adjudicated order against the receipts and commitments its side
 * was given, and (for a full export) a re-run of the whole game with the module. Reports every
 * finding and the first divergence by step.
 */
import type { AnyModule } from '#engine/contract.js';
import { commitmentOf, ordersHash, sha256Hex } from './canonical.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type GameExport } from './export.js';
import { thumbprint } from './keys.js';
import { verifyReceipt } from './receipts.js';
import { rerun, type Finding } from './rerun.js';

export type { Finding } from './rerun.js';

export interface VerifyOptions {
  /** Finds the game's module by id. */
  module(id: string): AnyModule;
  /** Keys to trust (e.g. fetched from /.well-known/warpost-signing-key); default: those in the export. */
  trustedKeys?: { kty: string; crv: string; x: string }[];
}

export interface VerifyReport {
  ok: boolean;
  gameId: string | null;
  scope: string | null;
  receiptsChecked: number;
  stepsRerun: number;
  notes: string[];
  findings: Finding[];
  /** The earliest finding by step (null step: the export as a whole). */
  first: Finding | null;
}

type Receipt = Record<string, unknown> & { kind: string; step: number; side: string; hash: string };

function checkReceipts(exp: GameExport, keys: Map<string, { kty: string; crv: string; x: string }>, out: Finding[]) {
  for (const r of exp.receipts as Receipt[]) {
    const key = keys.get(String(r.keyId));
    const where = `receipt for ${r.side}, step ${r.step} (${r.kind})`;
    if (!key)
      out.push({
        step: r.step,
        check: 'receipt-key',
        message: `${where} was signed by key ${String(r.keyId)}, which is not trusted`,
      });
    else if (!verifyReceipt(r, key))
      out.push({ step: r.step, check: 'receipt-signature', message: `${where} has a signature that does not verify` });
    else if (r.gameId !== exp.game.id || r.seedHash !== exp.game.seedHash)
      out.push({ step: r.step, check: 'receipt-game', message: `${where} names another game or seed` });
  }
}

/** Each side's adjudicated orders must match the last receipt and the commitment it was given. */
function checkBindings(exp: GameExport, out: Finding[]) {
  const receipts = exp.receipts as Receipt[];
  const last = (kind: string, step: number, side: string) =>
    receipts.filter((r) => r.kind === kind && r.step === step && r.side === side).at(-1);
  for (const s of exp.steps) {
    for (const [side, orders] of Object.entries(s.orders)) {
      const origin = s.origins[side];
      const hash = ordersHash(orders);
      if (origin === 'player') {
        const r = last('orders', s.step, side);
        if (!r)
          out.push({
            step: s.step,
            check: 'receipt-missing',
            message: `no receipt was issued for the orders adjudicated for ${side}`,
          });
        else if (r.hash !== hash)
          out.push({
            step: s.step,
            check: 'orders-hash',
            message: `the orders adjudicated for ${side} hash to ${hash}, but its last receipt says ${r.hash}`,
          });
      }
      const commitment = s.commitments[side];
      if (commitment) {
        const r = last('commitment', s.step, side);
        if (!r || r.hash !== commitment)
          out.push({
            step: s.step,
            check: 'commitment-receipt',
            message: `the commitment recorded for ${side} is not the one its receipt names`,
          });
        const salt = s.salts[side];
        if (salt && commitmentOf(orders, salt) !== commitment) {
          out.push({
            step: s.step,
            check: 'commitment',
            message: `the orders and salt adjudicated for ${side} do not open its commitment`,
          });
        }
      }
    }
  }
}

export function verifyExport(data: unknown, opts: VerifyOptions): VerifyReport {
  const findings: Finding[] = [];
  const notes: string[] = [];
  const exp = data as GameExport;
  const report = (receiptsChecked = 0, stepsRerun = 0): VerifyReport => {
    const sorted = [...findings].sort((a, b) => (a.step ?? -1) - (b.step ?? -1));
    return {
      ok: findings.length === 0,
      gameId: exp?.game?.id ?? null,
      scope: exp?.scope ?? null,
      receiptsChecked,
      stepsRerun,
      notes,
      findings: sorted,
      first: sorted[0] ?? null,
    };
  };
  if (
    !exp ||
    exp.format !== EXPORT_FORMAT ||
    exp.version !== EXPORT_VERSION ||
    !exp.game ||
    !Array.isArray(exp.steps) ||
    !Array.isArray(exp.receipts) ||
    !Array.isArray(exp.events)
  ) {
    findings.push({
      step: null,
      check: 'format',
      message: `not a ${EXPORT_FORMAT} version ${EXPORT_VERSION} document`,
    });
    return report();
  }

  const keys = new Map((opts.trustedKeys ?? exp.signingKeys ?? []).map((k) => [thumbprint(k.x), k]));
  if (!opts.trustedKeys)
    notes.push(
      "receipts were checked against the key inside the export; pass --key with the server's published key to check against it",
    );
  checkReceipts(exp, keys, findings);
  checkBindings(exp, findings);

  let stepsRerun = 0;
  if (exp.game.seed === null || exp.game.seed === undefined) {
    notes.push(
      'the seed is not published yet (the game is running): rolls cannot be re-derived and the game cannot be re-run',
    );
  } else if (sha256Hex(exp.game.seed) !== exp.game.seedHash) {
    findings.push({
      step: 0,
      check: 'seed',
      message: 'the revealed seed does not hash to the seed hash published at creation',
    });
  } else if (exp.scope !== 'full') {
    notes.push("a side export holds only one side's orders: the game cannot be re-run from it");
  } else {
    let module: AnyModule | null = null;
    try {
      module = opts.module(exp.game.module);
    } catch {
      findings.push({
        step: null,
        check: 'module',
        message: `no game module "${exp.game.module}" is loaded (set WARPOST_EXTRA_MODULES)`,
      });
    }
    if (module) {
      const r = rerun(exp, module, findings);
      stepsRerun = r.steps;
      if (r.stoppedAt !== null) notes.push(`the re-run stopped at step ${r.stoppedAt}`);
    }
  }
  return report(exp.receipts.length, stepsRerun);
}
