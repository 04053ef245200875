/** The game modules shipped with Warpost. Each lives in its own folder under src/games/. */
import type { AnyModule } from '../platform/games/registry.js';
import cerberus from './cerberus/index.js';
import prefect from './prefect/index.js';
import prefectSpace from './prefect/space/module/index.js';
import prefectCampaign from './prefect/campaign/module/index.js';

export const shippedModules: AnyModule[] = [cerberus, prefect, prefectSpace, prefectCampaign];
