/**
 * The Campaign's public surface: its module and data pack, for the other Prefect rooms' tests.
 * Files outside campaign/ import it, never a file inside (tests may also use its test helpers);
 * test/repo/prefect-rooms.test.ts holds this.
 */
export { campaignData, navalScenario } from './data/index.js';
export { prefectCampaign } from './module/index.js';
