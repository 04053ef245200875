/** What a game's module asks of each side now, computed once per state. */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AnyModule, Prompt } from '#engine/contract.js';

/** The sides that owe something, each once, in the prompts' order. */
export function owedSides(prompts: Prompt[]): string[] {
  return [...new Set(prompts.map((p) => p.side))];
}

/**
 * The module's prompts for `state`. Modules are pure, so prompts are remembered per (module,
 * digest of the state's JSON): the submission checks and the reads of one step share one
 * computation (a Cerberus state's prompts cost 10-25 ms, its digest about 0.5 ms). The JSON is
 * not canonical (that costs as much as the prompts): states read back from PostgreSQL always
 * come in jsonb's key order, so they hit; an equal state in another key order only misses.
 * Callers must not mutate what they get.
 */
export function promptsOf(module: AnyModule, state: unknown): Prompt[] {
  if (state == null) return [];
  const key = `${module.id}|${createHash('sha1').update(JSON.stringify(state)).digest('base64')}`;
  let prompts = promptMemo.get(key);
  if (!prompts) {
    prompts = module.prompts(state);
    promptMemo.set(key, prompts, { size: Math.max(256, JSON.stringify(prompts).length * 2) });
  }
  return prompts;
}

const promptMemo = new LRUCache<string, Prompt[]>({ maxSize: 32 * 1024 * 1024 });
