/**
 * Every event type the Prefect sources emit has a sentence in the module that emits it (the bot
 * games in present.test.ts reach only some of them): the types are read from the emitting calls
 * of the source files — event literals, `emit(ctx, …)`, the D-19 split helpers (with their
 * `.detail` events) and the H39 box events.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prefect } from '../../planetary/index.js';
import { prefectCampaign } from '../../campaign/index.js';
import { prefectSpace } from '../../space/index.js';
import { FALLBACK_SUFFIX } from './text.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// White space is free between tokens: a formatter may break a call over lines.
const EMITTERS: { re: RegExp; detail?: boolean }[] = [
  { re: /type:\s*'([^']+)',\s*visibleTo/g },
  { re: /emit\(\s*ctx,\s*'([^']+)'/g },
  { re: /mine\(\s*\{[^}]*\},\s*'([^']+)',?\s*\)/g },
  { re: /(?:disorganisedEvent\(\s*state|revealed\(\s*cs),\s*'([^']+)'/g, detail: true },
  { re: /boxEvent\(\s*cs,\s*'([^']+)'/g },
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'present' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** Event types emitted by the source files, with every file that emits each (a type two modules emit needs a sentence in both). */
function emitted(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (type: string, f: string) => out.set(type, (out.get(type) ?? new Set()).add(f));
  for (const f of sources(ROOT)) {
    const s = readFileSync(f, 'utf8');
    for (const { re, detail } of EMITTERS)
      for (const m of s.matchAll(re)) {
        add(m[1], f);
        if (detail) add(`${m[1]}.detail`, f);
      }
  }
  return out;
}

describe('Prefect sentences cover every event type the sources emit', () => {
  const types = emitted();

  it('finds the emitting calls (the scan itself works)', () => {
    expect(types.size).toBeGreaterThan(150);
    for (const t of ['combat', 'COMBAT', 'od.landed', 'units.disorganised.detail', 'gs.entered', 'supply.rest'])
      expect(types.has(t), t).toBe(true);
  });

  it("each has a sentence in the module that emits it (the Campaign in its own, the maps' in theirs and the Campaign's)", () => {
    const missing: string[] = [];
    for (const [type, files] of types)
      for (const file of files) {
        const rel = file.slice(ROOT.length);
        const mods = rel.startsWith('campaign/')
          ? [prefectCampaign]
          : rel.startsWith('space/')
            ? [prefectSpace, prefectCampaign]
            : [prefect, prefectCampaign];
        for (const m of mods)
          if (m.describeEvent!({ type, data: {} }, null).key.endsWith(FALLBACK_SUFFIX))
            missing.push(`${m.id}: ${type} (${rel})`);
      }
    expect(missing).toEqual([]);
  });
});
