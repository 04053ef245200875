/**
 * A Cerberus campaign seated in the in-process booted platform, with a pg client of its own for
 * the context functions' measurements (closed when the test finishes).
 */
import pg from 'pg';
import { onTestFinished } from 'vitest';
import cerberus from '#games/cerberus/index.js';
import type { Booted } from '#platform/boot.js';
import { seatedGame } from '../helpers/stack.js';

export async function cerberusCampaign(booted: Booted, prefix: string) {
  booted.platform.modules.register(cerberus);
  const { gameId, seats } = await seatedGame(booted, prefix, {
    module: 'cerberus',
    scenario: 'campaign',
    sides: ['HUMAN', 'CETIAN'],
  });
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  onTestFinished(() => client.end());
  return { gameId, bySide: seats, client };
}
