/**
 * `npm run -s secrets:generate > .env`: the secrets every process of one deployment must share, as
 * the lines of a docker compose `.env` file (README, "Docker"). Run it once; keep the file private.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import webpush from 'web-push';

export function generateSecrets(): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys();
  return {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // Base64 of the PKCS8 DER: one line, which WARPOST_SIGNING_KEY accepts as well as PEM.
    WARPOST_SIGNING_KEY: generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    POSTGRES_PASSWORD: randomBytes(24).toString('base64url'),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    Object.entries(generateSecrets())
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
}
