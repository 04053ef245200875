/** Test helpers shared by the game modules' tests (imported only from *.test.ts files). */
import { expect } from 'vitest';
import type { OrderError } from './contract.js';

/** Every error has the contract's shape (code, path, a sentence, the rule), and there is at least one. */
export function expectStructuredErrors(errors: OrderError[]): void {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.code).toBe('string');
    expect(Array.isArray(e.path)).toBe(true);
    expect(e.message.length).toBeGreaterThan(5);
    expect(typeof e.rule).toBe('string');
  }
}
