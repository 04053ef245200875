/**
 * The one place press asks whether a user refuses messages from another. User blocking belongs
 * to the accounts feature (src/platform/accounts/blocks.ts): a recipient who blocked the sender
 * gets none of the sender's messages (sending to their side is refused with BLOCKED; a public
 * message brings them no notice).
 */
import { isBlocked } from '../accounts/blocks.js';
import type { Db } from '../db/client.js';
import type { Tx } from '../db/transactions.js';

export async function pressBlocked(db: Db | Tx, recipientId: string, senderId: string): Promise<boolean> {
  return isBlocked(db, recipientId, senderId);
}
