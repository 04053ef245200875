/**
 * The graphql module as Mercurius loads it (require). graphql 16 ships a CommonJS and an ES
 * build; values that cross into Mercurius (schemas, documents, errors, validation rules) must
 * come from the same copy, or `instanceof` checks fail. Vite (tests) would pick the ES build
 * for a plain import, so API code that touches Mercurius's values imports graphql from here.
 */
import { createRequire } from 'node:module';

export const graphql = createRequire(import.meta.url)('graphql') as typeof import('graphql');
