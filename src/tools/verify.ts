/**
 * Verifier CLI: `npm run verify -- export.json [--key signing-key.jwk] [--module path] [--json]`.
 * Needs no server: it loads the shipped game modules plus WARPOST_EXTRA_MODULES (as the server
 * does), re-derives every roll from the revealed seed, re-runs the game, checks every receipt,
 * and reports the first divergence. `--module` re-runs the record with another version of the
 * game's module (e.g. after a rules fix) to show where the outcome would differ.
 * Exit status: 0 verified, 1 divergence found, 2 usage or input error.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { shippedModules } from '#games/index.js';
import type { AnyModule } from '#engine/contract.js';
import { loadExtraModules, ModuleRegistry } from '#platform/play/registry.js';
import { configOrExit } from '#platform/lifecycle.js';
import { verifyExport, type VerifyReport } from '#platform/trust/verifier.js';

const USAGE = 'usage: npm run verify -- <export.json> [--key <jwk.json>] [--module <module.ts>] [--json]';

function parseArgs(argv: string[]) {
  const args: { file?: string; key?: string; module?: string; json: boolean } = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--key') args.key = argv[++i];
    else if (a === '--module') args.module = argv[++i];
    else if (a.startsWith('--') || args.file) throw new Error(`unexpected argument "${a}"`);
    else args.file = a;
  }
  if (!args.file) throw new Error('name the export file');
  return args;
}

function print(r: VerifyReport) {
  const lines = [`Warpost verifier: game ${r.gameId ?? '?'} (${r.scope ?? '?'} export)`];
  lines.push(`  receipts checked: ${r.receiptsChecked}; steps re-run: ${r.stepsRerun}`);
  for (const n of r.notes) lines.push(`  note: ${n}`);
  if (r.ok) lines.push('OK: no divergence found');
  else {
    const f = r.first!;
    lines.push(
      `FIRST DIVERGENCE at ${f.step === null ? 'the export as a whole' : `step ${f.step}`} [${f.check}]: ${f.message}`,
    );
    for (const x of r.findings.slice(1))
      lines.push(`  also at ${x.step === null ? 'export' : `step ${x.step}`} [${x.check}]: ${x.message}`);
  }
  console.log(lines.join('\n'));
}

async function main() {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  let data: unknown;
  let trustedKeys: { kty: string; crv: string; x: string }[] | undefined;
  let override: AnyModule | undefined;
  try {
    data = JSON.parse(await readFile(args.file!, 'utf8'));
    if (args.key) {
      const k = JSON.parse(await readFile(args.key, 'utf8'));
      trustedKeys = Array.isArray(k.keys) ? k.keys : [k];
    }
    if (args.module) {
      const m = await import(resolve(args.module));
      override = m.default ?? m.module;
    }
  } catch (e) {
    console.error(`cannot read input: ${(e as Error).message}`);
    return 2;
  }
  const registry = new ModuleRegistry([...shippedModules, ...(await loadExtraModules(configOrExit().extraModules))]);
  const report = verifyExport(data, { module: (id) => override ?? registry.get(id), trustedKeys });
  if (report.first?.check === 'format') {
    console.error(`${args.file} is ${report.first.message}`);
    return 2;
  }
  if (args.json) console.log(JSON.stringify(report, null, 2));
  else print(report);
  return report.ok ? 0 : 1;
}

process.exitCode = await main();
