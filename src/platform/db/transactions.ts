/** Interactive Prisma transactions: the client type services take, and the bounds every one of them runs under. */
import type { Prisma } from '#generated/prisma/client.js';

export type Tx = Prisma.TransactionClient;

/** Waits at most 15 s for a connection and gives up after 60 s (the pg path's statement_timeout, db/sql.ts). */
export const TX_OPTIONS = { timeout: 60_000, maxWait: 15_000 };
