/**
 * GraphQL over HTTP conformance: every audit of the graphql-http server suite (MUST, SHOULD and
 * MAY) is its own test and must pass against the real server.
 */
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../helpers/stack.js';

let stack: Stack;
beforeAll(async () => (stack = await startStack('services')));
afterAll(async () => stack?.close());

describe('graphql-http server audits', () => {
  for (const audit of serverAudits({ url: () => `${stack.base}/graphql` })) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      if (result.status !== 'ok') {
        const body = await result.response.text().catch(() => '');
        expect.fail(
          `${result.reason} (status ${result.response.status}, content-type ${result.response.headers.get('content-type')}): ${body.slice(0, 500)}`,
        );
      }
    });
  }
});
