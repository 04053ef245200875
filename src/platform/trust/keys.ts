/**
 * The server's Ed25519 receipt-signing key. From WARPOST_SIGNING_KEY (PEM, or base64 of the
 * PKCS8 DER) when set, as every API instance must share it; otherwise generated once and kept
 * in the data directory, like the embedded JWT secret. Only the public half ever leaves here.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/load.js';

/** An Ed25519 public key as published at /.well-known/warpost-signing-key. */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface SigningKey {
  privateKey: KeyObject;
  jwk: PublicJwk;
  keyId: string;
}

export function parsePrivateKey(text: string): KeyObject {
  const t = text.trim();
  let key: KeyObject;
  try {
    key = t.startsWith('-----BEGIN')
      ? createPrivateKey(t)
      : createPrivateKey({ key: Buffer.from(t, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    // The message must not echo the key text.
    throw new Error('WARPOST_SIGNING_KEY is not a PEM or base64 PKCS8 private key');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('WARPOST_SIGNING_KEY must be an Ed25519 key');
  return key;
}

/** RFC 7638 thumbprint of an Ed25519 JWK: base64url SHA-256 of its required members in order. */
export function thumbprint(x: string): string {
  return createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
}

export function publicJwkOf(key: KeyObject): PublicJwk {
  const { x } = createPublicKey(key).export({ format: 'jwk' }) as { x: string };
  return { kty: 'OKP', crv: 'Ed25519', x, kid: thumbprint(x), alg: 'EdDSA', use: 'sig' };
}

/** A public key object from a published JWK (for verifiers). */
export function publicKeyFromJwk(jwk: { kty: string; crv: string; x: string }): KeyObject {
  return createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' });
}

async function dataDirKey(dataDir: string): Promise<KeyObject> {
  const file = join(dataDir, 'signing-key.pem');
  try {
    return parsePrivateKey(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  try {
    await writeFile(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process on the same data directory wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parsePrivateKey(await readFile(file, 'utf8'));
  }
  return parsePrivateKey(pem);
}

const cache = new Map<string, Promise<SigningKey>>();

/** The signing key for this configuration, loaded once per process. */
export function signingKey(config: Pick<Config, 'signingKey' | 'dataDir'>): Promise<SigningKey> {
  const id = config.signingKey
    ? `env:${createHash('sha256').update(config.signingKey).digest('hex')}`
    : `dir:${config.dataDir}`;
  let entry = cache.get(id);
  if (!entry) {
    entry = (async () => {
      const privateKey = config.signingKey ? parsePrivateKey(config.signingKey) : await dataDirKey(config.dataDir);
      const jwk = publicJwkOf(privateKey);
      return { privateKey, jwk, keyId: jwk.kid };
    })();
    entry.catch(() => cache.delete(id));
    cache.set(id, entry);
  }
  return entry;
}
