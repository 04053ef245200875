-- Finding a game (src/platform/play/discovery.ts): a title, a description and a joining
-- requirement per game, and indexes for the game list's sorts (keyset pagination on the sort
-- key and id) and filters.
-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "description" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "minReliability" DOUBLE PRECISION,
ADD COLUMN     "title" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Game_createdAt_id_idx" ON "Game"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Game_stepDeadline_id_idx" ON "Game"("stepDeadline", "id");

-- CreateIndex
CREATE INDEX "Game_title_id_idx" ON "Game"("title", "id");

-- CreateIndex
CREATE INDEX "Game_module_scenario_idx" ON "Game"("module", "scenario");

-- CreateIndex
CREATE INDEX "Game_creatorId_idx" ON "Game"("creatorId");

-- CreateIndex
CREATE INDEX "Seat_offeredAt_idx" ON "Seat"("offeredAt");

