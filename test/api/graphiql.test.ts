/**
 * GraphiQL works offline: /graphiql opened in Chromium with every request to another host
 * aborted still renders the IDE, runs a query typed into its editor and shows the answer; every
 * request the page made went to this server, and the page broke none of its own
 * Content-Security-Policy (a violation is a console error).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_CSP } from '#api/http/graphiql.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { launch, watchErrors } from '../web/browser.js';

describe('GraphiQL (offline)', () => {
  let stack: Stack;
  let browser: Browser;
  let ctx: BrowserContext;

  beforeAll(async () => {
    stack = await startStack('embedded');
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await stack?.close();
  });

  it('serves the page with a strict CSP and no inline script', async () => {
    const res = await fetch(`${stack.base}/graphiql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(GRAPHIQL_CSP);
    expect(GRAPHIQL_CSP).toMatch(/script-src 'self'(;|$)/);
    const html = await res.text();
    // Every <script> has a src on this server; none carries code.
    expect(html.match(/<script\b[^>]*>[^<]+<\/script>/g)).toBeNull();
    expect((await fetch(`${stack.base}/graphiql/static/ruru.js`)).status).toBe(200);
    expect((await fetch(`${stack.base}/graphiql/static/no-such-file.js`)).status).toBe(404);
    for (const [, src] of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/g))
      expect(src).toMatch(/^\/graphiql\//);
  });

  it('renders, runs { __typename } and asks nothing of another origin', async () => {
    const origin = new URL(stack.base).origin;
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    const aborted: string[] = [];
    ctx.on('request', (r) => requests.push(r.url()));
    await ctx.route('**', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      aborted.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);

    await page.goto(`${stack.base}/graphiql`);
    const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
    await editor.waitFor({ state: 'visible', timeout: 60_000 });
    expect(await page.locator('.graphiql-container').isVisible()).toBe(true);

    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{ __typename }');
    await page.locator('.graphiql-execute-button').click();
    // Monaco renders spaces as no-break spaces.
    const response = async () => (await page.locator('.graphiql-response').innerText()).replace(/\s+/g, ' ');
    await expect.poll(response, { timeout: 30_000 }).toContain('"__typename": "Query"');

    expect(aborted).toEqual([]);
    expect(requests.length).toBeGreaterThan(3); // the page, its script, Ruru's bundle, the query...
    expect(
      requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin),
    ).toEqual([]);
    expect(requests.some((u) => u.endsWith('/graphql'))).toBe(true);
    expect(errors.map((e) => e.slice(0, 300))).toEqual([]);
  }, 120_000);
});
