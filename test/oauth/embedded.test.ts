/**
 * OAuth on the embedded defaults (`npm start`: PGlite, no Redis): the server is mounted, its
 * metadata names the flows Warpost offers, and its storage works on the embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../helpers/gql.js';
import { oauthPost } from '../helpers/oauth.js';
import { register } from '../helpers/play.js';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => (stack = await startStack('embedded')), 120_000);
afterAll(async () => stack?.close());

describe('OAuth on the embedded defaults', () => {
  it('publishes its metadata: code with S256 only, the device flow, revocation', async () => {
    const res = await fetch(`${stack.base}/oauth/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
    // The issuer is PUBLIC_URL's; the endpoints are where the request came (this test's port).
    expect(meta.issuer).toMatch(/\/oauth$/);
    expect(meta.token_endpoint).toBe(`${stack.base}/oauth/token`);
    expect(meta.device_authorization_endpoint).toBe(`${stack.base}/oauth/device/auth`);
    expect(meta.revocation_endpoint).toBe(`${stack.base}/oauth/token/revocation`);
    expect(meta.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']),
    );
  });

  it('stores a device authorization in the embedded database and answers the poll', async () => {
    const dev = await register(stack.base, `emb_${Math.random().toString(36).slice(2, 8)}`);
    const app = await gql(
      stack.base,
      `mutation{registerOAuthApp(input:{name:"Pocket Client",redirectUris:[]}){clientId}}`,
      {},
      dev.token,
    );
    const clientId = app.data.registerOAuthApp.clientId as string;
    const asked = await oauthPost(stack.base, '/oauth/device/auth', { client_id: clientId, scope: 'read' });
    expect(asked.status).toBe(200);
    const poll = await oauthPost(stack.base, '/oauth/token', {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      client_id: clientId,
      device_code: asked.body.device_code,
    });
    expect(poll.body.error).toBe('authorization_pending');
  });
});
