/**
 * The game modules shipped with Warpost, each with its test kit (docs/module-kit.md). Each lives in
 * its own folder under src/games/.
 */
import type { ModuleKit } from '#engine/kit.js';
import type { AnyModule } from '#engine/contract.js';
import cerberus from './cerberus/index.js';
import cerberusKit from './cerberus/kit.js';
import prefect from './prefect/planetary/module/index.js';
import prefectKit from './prefect/planetary/module/kit.js';
import prefectSpace from './prefect/space/module/index.js';
import prefectSpaceKit from './prefect/space/module/kit.js';
import prefectCampaign from './prefect/campaign/module/index.js';
import prefectCampaignKit from './prefect/campaign/module/kit.js';

export interface Shipped {
  module: AnyModule;
  /** What the generic suites need to know about the module (absent: those suites fail for it). */
  kit?: ModuleKit;
}

export const shipped: Shipped[] = [
  { module: cerberus, kit: cerberusKit },
  { module: prefect, kit: prefectKit },
  { module: prefectSpace, kit: prefectSpaceKit },
  { module: prefectCampaign, kit: prefectCampaignKit },
];

export const shippedModules: AnyModule[] = shipped.map((s) => s.module);
