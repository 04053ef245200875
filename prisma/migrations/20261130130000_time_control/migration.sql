-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "civilDisorder" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "MissedTurn" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MissedTurn_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MissedTurn_userId_createdAt_idx" ON "MissedTurn"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "MissedTurn_gameId_userId_idx" ON "MissedTurn"("gameId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "MissedTurn_gameId_step_side_action_key" ON "MissedTurn"("gameId", "step", "side", "action");

