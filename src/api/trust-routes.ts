/** Plain HTTP routes for trust: the receipt-signing public key as a JWK, at a well-known URL. */
import type { FastifyInstance } from 'fastify';
import type { Platform } from '#platform/context.js';
import { signingKey } from '#platform/trust/keys.js';

export const SIGNING_KEY_PATH = '/.well-known/warpost-signing-key';

export async function registerTrustRoutes(app: FastifyInstance, platform: Platform) {
  // Loading here makes a malformed WARPOST_SIGNING_KEY fail at start, not at the first receipt.
  const key = await signingKey(platform.config);
  app.get(SIGNING_KEY_PATH, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    reply.type('application/jwk+json');
    return key.jwk;
  });
}
