/** The game modules shipped with Warpost. Each lives in its own folder under src/games/. */
import type { AnyModule } from '../platform/games/registry.js';

export const shippedModules: AnyModule[] = [];
