/**
 * The OpenAPI document: served at /docs/json with a browsable UI at /docs, valid against the
 * OpenAPI 3.1 schema (a real validator), lint-clean with Redocly (the same rules as
 * `npm run lint:openapi`), and complete: every REST route documents its request and responses.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#api/openapi.js';
import { ROOT, startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
let doc: any;
beforeAll(async () => {
  stack = await startStack('services');
  doc = await (await fetch(`${stack.base}/docs/json`)).json();
});
afterAll(async () => stack?.close());

describe('OpenAPI document', () => {
  it('passes the OpenAPI 3.1 schema validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is the document that `npm run lint:openapi` checks', async () => {
    expect(await openApiDocument()).toEqual(doc);
  });

  it('lints cleanly with Redocly (no errors, no warnings)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warpost-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const { stdout, stderr } = await promisify(execFile)(
        join(ROOT, 'node_modules/.bin/redocly'),
        ['lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish', file],
        {
          cwd: ROOT,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const out = `${stdout}${stderr}`;
      expect(out).toContain('Your API description is valid');
      expect(out).not.toMatch(/You have \d+ (warning|error)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('documents every route under /api/v1 with request and response schemas', () => {
    const routes = stack.app.printRoutes({ commonPrefix: false });
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThanOrEqual(18);
    for (const path of paths)
      expect(routes).toContain(
        path
          .replace('/api/v1', '')
          .replace(/\{(\w+)\}/g, ':$1')
          .split('/')
          .pop(),
      );
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toBeTruthy();
        expect(op.security, where).toBeDefined();
        const success = Object.keys(op.responses).filter((c) => c.startsWith('2'));
        expect(success.length, where).toBe(1);
        for (const code of [...success, '4XX', '5XX'])
          expect(op.responses[code]?.content?.['application/json']?.schema, `${where} ${code}`).toBeTruthy();
        if (method === 'post' || method === 'put')
          expect(op.requestBody?.content?.['application/json']?.schema, where).toBeTruthy();
      }
    }
  });

  it('is browsable at /docs', async () => {
    const page = await fetch(`${stack.base}/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('swagger');
    // The UI's scripts and styles are served locally (no CDN needed).
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await fetch(new URL(asset, `${stack.base}/docs/`))).status, asset).toBe(200);
    const yaml = await fetch(`${stack.base}/docs/yaml`);
    expect(yaml.status).toBe(200);
  });
});
