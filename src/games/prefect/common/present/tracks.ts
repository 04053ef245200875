/** The turn track every Prefect board carries (Planetary, Space, Campaign). */
import type { BoardTrack } from '#engine/contract.js';

export function turnTrack(turns: number): BoardTrack {
  return {
    id: 'turn',
    title: 'Turn',
    spaces: Array.from({ length: turns }, (_, i) => ({ id: `turn-${i + 1}`, label: String(i + 1) })),
  };
}
