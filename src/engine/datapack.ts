/** Helpers for data-pack build scripts (games' data/build-*.ts). */

/** A map's JSON with one hex per line under `hexes`: the file stays reviewable in a diff. */
export function formatMap(map: Record<string, unknown>): string {
  const { hexes, ...rest } = map as { hexes: unknown[] };
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, '');
  return `${head},\n  "hexes": [\n${hexes.map((h) => `    ${JSON.stringify(h)}`).join(',\n')}\n  ]\n}\n`;
}
