/**
 * Signed receipts. Every accepted submission, reveal and commitment gets one: the server's
 * Ed25519 signature over the RFC 8785 canonical JSON of the payload below. A player keeps it;
 * after resolution the adjudicated orders must hash to it, and the verifier checks every one.
 */
import { sign, verify, type KeyObject } from 'node:crypto';
import type { Tx } from '../db/transactions.js';
import { jcs } from './canonical.js';
import { publicKeyFromJwk, type SigningKey } from './keys.js';

export const RECEIPT_VERSION = 1;

export type ReceiptKind = 'orders' | 'commitment';

/** Exactly what is signed (all fields, canonical JSON). */
export interface ReceiptPayload {
  version: number;
  kind: ReceiptKind;
  gameId: string;
  step: number;
  side: string;
  /** orders: SHA-256 of the canonical stored orders; commitment: the commitment itself. */
  hash: string;
  /** The game's published dice-seed hash, so a receipt also pins the seed. */
  seedHash: string;
  issuedAt: string;
  keyId: string;
}

export interface Receipt extends ReceiptPayload {
  /** base64url Ed25519 signature of `signed`. */
  signature: string;
  /** The signed text: jcs(payload). */
  signed: string;
}

export function signReceipt(
  key: SigningKey,
  fields: Omit<ReceiptPayload, 'version' | 'keyId' | 'issuedAt'>,
  issuedAt = new Date(),
): Receipt {
  const payload: ReceiptPayload = {
    version: RECEIPT_VERSION,
    ...fields,
    issuedAt: issuedAt.toISOString(),
    keyId: key.keyId,
  };
  const signed = jcs(payload);
  return {
    ...payload,
    signature: sign(null, Buffer.from(signed, 'utf8'), key.privateKey).toString('base64url'),
    signed,
  };
}

/** The payload of a receipt-like object: every field except `signature` and `signed`. */
export function receiptPayload(r: object): Record<string, unknown> {
  const { signature: _s, signed: _t, ...payload } = r as Record<string, unknown>;
  return payload;
}

/** True when `r` (a receipt, with or without `signed`) carries a valid signature by `key`. */
export function verifyReceipt(receipt: object, key: KeyObject | { kty: string; crv: string; x: string }): boolean {
  const r = receipt as Record<string, unknown>;
  if (typeof r.signature !== 'string') return false;
  try {
    const publicKey = 'kty' in key ? publicKeyFromJwk(key) : key;
    return verify(null, Buffer.from(jcs(receiptPayload(r)), 'utf8'), publicKey, Buffer.from(r.signature, 'base64url'));
  } catch {
    return false;
  }
}

/** Signs a receipt and records it (append-only) in the caller's transaction. */
export async function issueReceipt(
  tx: Tx,
  key: SigningKey,
  data: {
    kind: ReceiptKind;
    gameId: string;
    step: number;
    side: string;
    hash: string;
    seedHash: string;
    userId: string;
  },
): Promise<Receipt> {
  const { userId, ...fields } = data;
  const receipt = signReceipt(key, fields);
  await tx.receipt.create({
    data: {
      gameId: data.gameId,
      step: data.step,
      side: data.side,
      userId,
      kind: data.kind,
      hash: data.hash,
      payload: receipt.signed,
      signature: receipt.signature,
      keyId: receipt.keyId,
      issuedAt: new Date(receipt.issuedAt),
    },
  });
  return receipt;
}

/** A stored receipt row back as the receipt its holder was given. */
export function receiptFromRow(row: { payload: string; signature: string }): Receipt {
  return { ...(JSON.parse(row.payload) as ReceiptPayload), signature: row.signature, signed: row.payload };
}
