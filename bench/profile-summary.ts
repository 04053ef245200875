/**
 * Summarises V8 .cpuprofile files (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"`): self time
 * by where the code lives (an npm package, a folder of this repository, Node's internals, GC)
 * and the functions with the most self time, as shares of the process's busy (non-idle) time.
 *
 *   npx tsx bench/profile-summary.ts DIR/file.cpuprofile [more…] [--top=30]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { ROOT } from './common.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: `pkg:<name>`, a repository folder, `node:<internal>`, or a V8 pseudo-frame. */
export function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return `pkg:${m[1]}`;
  if (url.startsWith('node:')) return 'node:internals';
  if (/^https?:/.test(url)) return new URL(url).pathname; // a page's script (bench/web.ts): its chunk
  const path = url.startsWith('file://') ? relative(ROOT, new URL(url).pathname) : url;
  return path
    .split('/')
    .slice(0, path.startsWith('src/') ? 3 : 2)
    .join('/');
}

function summarise(file: string, top: number): void {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Self time per node from the samples and their time deltas (µs).
  prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
  const places = new Map<string, number>();
  const fns = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += us;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + us);
    const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    fns.set(name, (fns.get(name) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${(busy / 1e6).toFixed(1)} s busy`);
  console.log('  by place:');
  for (const [k, v] of [...places].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v)}  ${k}`);
  console.log('  by function (self):');
  for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v)}  ${k}`);
}

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.split('=')[1] ?? 25);
for (const f of args.filter((a) => !a.startsWith('--'))) summarise(f, top);
