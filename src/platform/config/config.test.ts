import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTable, withTable } from './docs.js';
import { ConfigError, VARIABLES, parseEnv, type Variable } from './schema.js';
import { loadConfig } from './load.js';

const ROOT = resolve(import.meta.dirname, '../../..');

function problems(env: NodeJS.ProcessEnv) {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('configuration schema', () => {
  it('the README table is the one generated from the schema (run `npm run docs:config`)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(withTable(readme)).toBe(readme);
    expect(readme).toContain(renderTable());
  });

  it('every environment variable the server code names is in the schema', () => {
    const known = new Set(Object.keys(VARIABLES));
    const named = new Set<string>();
    for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'workers'))]) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g,
      ))
        named.add(m[1] ?? m[2]);
    }
    expect([...named].filter((n) => !known.has(n))).toEqual([]);
  });

  it('every variable documents its type, meaning and readers', () => {
    for (const [name, d] of Object.entries(VARIABLES as Record<string, Variable>)) {
      expect(d.doc.length, name).toBeGreaterThan(10);
      expect(d.type, name).not.toBe('');
      expect(d.readBy.length, name).toBeGreaterThan(0);
    }
  });

  it('an empty environment gives the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.inlineWorker).toBe(true);
    expect(c.notify.inline).toBe(true);
    expect(c.queue).toEqual({
      prefix: undefined,
      concurrency: 4,
      stalledIntervalMs: 5000,
      lockDurationMs: 10_000,
      reconcileIntervalMs: 5000,
    });
    expect(c.testClock).toBeUndefined();
    expect(c.api.ws.initTimeoutMs).toBe(10_000);
    expect(c.api.trustProxy).toBe(false);
    expect(c.notify.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.shutdownTimeoutMs).toBe(30_000);
    // Each documented numeric default is what the parser yields for an unset variable.
    const parsed = parseEnv({}) as Record<string, unknown>;
    for (const [name, d] of Object.entries(VARIABLES as Record<string, Variable>)) {
      if (d.type.startsWith('integer')) expect(String(parsed[name]), name).toBe(d.default);
    }
  });

  it('Redis switches the in-process roles off; empty strings count as unset', () => {
    const c = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '',
      WARPOST_TEST_CLOCK: 'true',
      WARPOST_TEST_CLOCK_OFFSET_MS: '-5000',
      TRUST_PROXY: '2',
      WARPOST_EXTRA_MODULES: 'a.ts, b.ts',
    });
    expect(c.inlineWorker).toBe(false);
    expect(c.notify.inline).toBe(false);
    expect(c.port).toBe(3000);
    expect(c.testClock).toEqual({ offsetMs: -5000 });
    expect(c.api.trustProxy).toBe(2);
    expect(c.extraModules).toEqual(['a.ts', 'b.ts']);
  });

  it('invalid values are refused, each naming its variable', () => {
    const err = problems({
      PORT: 'abc',
      LOG_REQUESTS: 'yes',
      WARPOST_WORKER_CONCURRENCY: '0',
      LOG_LEVEL: 'loud',
      REDIS_URL: 'localhost:6379',
      WS_INIT_TIMEOUT_SECONDS: '1.5',
    });
    expect(err.problems.map((p) => p.variable).sort()).toEqual([
      'LOG_LEVEL',
      'LOG_REQUESTS',
      'PORT',
      'REDIS_URL',
      'WARPOST_WORKER_CONCURRENCY',
      'WS_INIT_TIMEOUT_SECONDS',
    ]);
    expect(err.message).toContain('PORT: must be a whole number (got "abc")');
    expect(err.message).toContain('LOG_REQUESTS: must be true or false (got "yes")');
    expect(err.message).toContain('WARPOST_WORKER_CONCURRENCY: must be at least 1');
    expect(problems({ PORT: '70000' }).message).toContain('PORT: must be at most 65535');
    expect(problems({ CORS_ORIGINS: 'https://ok.example.org,https://bad.example.org/' }).message).toContain(
      'CORS_ORIGINS: must be origins',
    );
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.org, http://localhost:5173' }).api.corsOrigins).toEqual([
      'https://a.example.org',
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).api.corsOrigins).toEqual([]);
  });

  it('a secret is never echoed in the error', () => {
    const err = problems({ SMTP_URL: 'user:hunter2@mail', DATABASE_URL: 'mysql://root:hunter2@db/x' });
    expect(err.problems.map((p) => p.variable).sort()).toEqual(['DATABASE_URL', 'SMTP_URL']);
    expect(err.message).not.toContain('hunter2');
  });

  it('the API process stops at start with exit status 2 and names the variable', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, PORT: 'abc', NOTIFY_CONCURRENCY: '-1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('PORT: must be a whole number (got "abc")');
    expect(r.stderr).toContain('NOTIFY_CONCURRENCY: must be at least 1');
  });
});
