/**
 * The container files (no Docker engine here, so no `docker compose config`): the compose file's
 * processes share the secrets they must share, every variable it sets is in the configuration
 * schema, the data lives on volumes, and the image runs the compiled server as a non-root user.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateSecrets } from '../../scripts/gen-secrets.js';
import { VARIABLES } from './config/schema.js';
import { loadConfig } from './config/load.js';
import { parsePrivateKey } from './trust/keys.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { disable?: boolean };
}
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const SHARED = [
  'DATABASE_URL',
  'REDIS_URL',
  'PUBLIC_URL',
  'JWT_SECRET',
  'WARPOST_SIGNING_KEY',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
];

describe('docker-compose.yml', () => {
  const apps = ['api', 'worker', 'notifier'].map((name) => [name, compose.services[name]] as const);

  it('the API, the worker and the notifier share the signing key, the VAPID keys, the JWT secret and PUBLIC_URL', () => {
    const api = compose.services.api.environment!;
    for (const name of SHARED) {
      expect(api[name], name).toBeTruthy();
      for (const [svc, s] of apps) expect(s.environment?.[name], `${svc} ${name}`).toBe(api[name]);
    }
    // Taken from the .env file, required (compose refuses to start without them).
    for (const name of ['JWT_SECRET', 'WARPOST_SIGNING_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'])
      expect(api[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
  });

  it('every variable it sets is one the server reads', () => {
    for (const [svc, s] of apps)
      for (const name of Object.keys(s.environment ?? {}))
        expect(Object.keys(VARIABLES), `${svc} sets ${name}`).toContain(name);
  });

  it('runs the compiled entry points with node, and keeps PostgreSQL and Redis data on volumes', () => {
    expect(compose.services.api.command).toEqual(['node', 'dist/src/main.js']);
    expect(compose.services.worker.command).toEqual(['node', 'dist/workers/resolver.js']);
    expect(compose.services.notifier.command).toEqual(['node', 'dist/workers/notifier.js']);
    expect(compose.services.postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.services.redis.volumes).toContain('redisdata:/data');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'redisdata']));
    // The image's health check probes the API's port; the worker and notifier listen on none.
    expect(compose.services.worker.healthcheck?.disable).toBe(true);
    expect(compose.services.notifier.healthcheck?.disable).toBe(true);
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;

  it('builds in one stage and runs production dependencies only in the last', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/RUN npm ci\b/);
    expect(stages[0]).toMatch(/RUN npm run build\b/);
    expect(final).toMatch(/RUN npm ci --omit=dev/);
    expect(final).toMatch(/COPY --from=build \/app\/dist/);
    expect(final).not.toMatch(/tsx/);
  });

  it('runs node directly as a non-root user, with a health check on /healthz', () => {
    expect(final).toMatch(/^USER (?!root)\w+/m);
    expect(final).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(final).toMatch(/^CMD \["node", "dist\/src\/main\.js"\]/m);
  });
});

describe('npm run secrets:generate', () => {
  it('writes keys the processes accept', () => {
    const s = generateSecrets();
    expect(parsePrivateKey(s.WARPOST_SIGNING_KEY).asymmetricKeyType).toBe('ed25519');
    expect(() =>
      webpush.setVapidDetails('mailto:a@example.com', s.VAPID_PUBLIC_KEY, s.VAPID_PRIVATE_KEY),
    ).not.toThrow();
    expect(s.JWT_SECRET.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig({ ...s, REDIS_URL: 'redis://redis:6379' }).signingKey).toBe(s.WARPOST_SIGNING_KEY);
    expect(generateSecrets().JWT_SECRET).not.toBe(s.JWT_SECRET);
  });
});
