/**
 * `npm run demo`: two bot clients play a whole 12-turn Cerberus game through the public API
 * (GraphQL over HTTP and graphql-ws), each deciding only from the view its side is given, then
 * the victory level, the points of each side, the steps, the wall time and how to fetch the
 * replay and the export are printed.
 *
 *   npm run demo                          # starts a server in this process (embedded defaults, or
 *                                         # DATABASE_URL / REDIS_URL from the environment, worker included)
 *   npm run demo -- --url http://127.0.0.1:3000   # plays against a running server
 *
 * Options: --url <base>, --keep (leave the started server running to fetch the replay),
 * --export <file> (where to save the export; default in the system temp dir), --verify (re-run
 * the export with the verifier), --quiet.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gqlCall, playCerberusMatch } from './cerberus-match.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    keep: { type: 'boolean', default: false },
    export: { type: 'string' },
    verify: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

/** A Warpost server in this process, on the configuration `npm start` would use (a free port; a fresh data dir unless WARPOST_DATA_DIR is set). */
async function startServer() {
  const { buildServer } = await import('#api/server.js');
  const { shippedModules } = await import('#games/index.js');
  const { boot } = await import('#platform/boot.js');
  const { loadConfig } = await import('#platform/config/load.js');
  const { loadExtraModules } = await import('#platform/play/registry.js');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false',
  };
  // A fresh embedded database by default: PGlite allows one process per data dir, and `npm start` may hold ./data.
  env.WARPOST_DATA_DIR ??= await mkdtemp(join(tmpdir(), 'warpost-demo-'));
  // With Redis too the demo resolves in its own process (BullMQ), unless told to leave it to `npm run worker`.
  env.WARPOST_INLINE_WORKER ??= 'true';
  const config = { ...loadConfig(env), port: Number(process.env.PORT ?? 0) };
  const booted = await boot(config, [...shippedModules, ...(await loadExtraModules(config.extraModules))]);
  if (config.inlineWorker) await booted.startWorker();
  if (config.notify.inline) await booted.startNotifier();
  const app = await buildServer({ platform: booted.platform, authService: booted.authService, logger: false });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : config.port}`;
  console.log(
    `server on ${url} (${booted.db.kind} database, ${config.redisUrl ? 'BullMQ on Redis' : 'in-process queue'}; data in ${env.WARPOST_DATA_DIR})`,
  );
  return { url, close: async () => (await app.close(), await booted.shutdown()) };
}

const server = args.url ? null : await startServer();
const url = args.url ?? server!.url;
const log = args.quiet ? undefined : (line: string) => console.log(line);

let lastTurn = '';
const match = await playCerberusMatch({
  url,
  prefix: 'demo',
  log,
  hooks: {
    HUMAN: {
      onUpdate: (u) => {
        if (args.quiet) return;
        const turn = u.events.find((e) => e.type === 'step-resolved');
        if (turn && `${u.step}` !== lastTurn) {
          lastTurn = `${u.step}`;
          process.stdout.write(`\rstep ${u.step} resolved  `);
        }
      },
    },
  },
});
if (!args.quiet) process.stdout.write('\n');

const { HUMAN, CETIAN } = match.seats;
const final = await gqlCall(
  url,
  `query($g:ID!){game(id:$g){game{status step} outcome{winner level score summary}}}`,
  { g: match.gameId },
  HUMAN.token,
);
const exp = (await gqlCall(url, `query($g:ID!){gameExport(gameId:$g)}`, { g: match.gameId }, HUMAN.token)).gameExport;
const file = args.export ?? join(await mkdtemp(join(tmpdir(), 'warpost-demo-export-')), `${match.gameId}.json`);
await writeFile(file, JSON.stringify(exp, null, 2));

const o = final.game.outcome;
const steps = exp.steps.filter((s: { step: number }) => s.step > 0).length;
const pl = match.players;
console.log(`
Cerberus game ${match.gameId}: ${final.game.game.status}
  victory level : ${o?.level ?? '-'} (winner ${o?.winner ?? 'none'})
  victory points: HUMAN ${o?.score?.HUMAN ?? '-'}, CETIAN ${o?.score?.CETIAN ?? '-'}
  ${o?.summary ?? ''}
  steps         : ${steps} resolved (plus the set-up)
  wall time     : ${(match.wallMs / 1000).toFixed(1)} s
  submissions   : HUMAN ${pl.HUMAN.submissions}, CETIAN ${pl.CETIAN.submissions} (pruned after a refusal: ${pl.HUMAN.pruned + pl.CETIAN.pruned}; default orders sent: ${pl.HUMAN.defaulted + pl.CETIAN.defaulted})

Replay and export (GraphQL at ${url}/graphql, with a player's token or once logged in):
  export   : query { gameExport(gameId: "${match.gameId}") }
  replay   : query { replay(gameId: "${match.gameId}", step: 1, side: "HUMAN") { step view myPrompts { kind } events { seq type data } } }
  curl -s ${url}/graphql -H 'content-type: application/json' -H 'authorization: Bearer ${HUMAN.token}' \\
       -d '{"query":"query{gameExport(gameId:\\"${match.gameId}\\")}"}'
  players  : ${HUMAN.username} / ${HUMAN.password} (HUMAN), ${CETIAN.username} / ${CETIAN.password} (CETIAN)
  saved    : ${file}
  verify   : npm run verify -- ${file}`);

if (args.verify) {
  const { verifyExport } = await import('#platform/trust/verifier.js');
  const { shippedModules } = await import('#games/index.js');
  const report = verifyExport(exp, { module: (id) => shippedModules.find((m) => m.id === id)! });
  console.log(
    `  verified : ${report.ok ? `OK, ${report.stepsRerun} steps re-run, ${report.receiptsChecked} receipts` : `FAILED at ${JSON.stringify(report.first)}`}`,
  );
}

if (server && args.keep) console.log(`\nThe server keeps running at ${url} (Ctrl-C to stop).`);
else {
  if (server) console.log('\n(the server started for the demo stops now: use --keep to query it, or the saved export)');
  await server?.close();
  process.exit(0);
}
