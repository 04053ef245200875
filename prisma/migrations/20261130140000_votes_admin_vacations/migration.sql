-- AlterTable
ALTER TABLE "User" ADD COLUMN     "isAdmin" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "pausedAt" TIMESTAMP(3),
ADD COLUMN     "pausedBy" TEXT;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "offeredAt" TIMESTAMP(3),
ADD COLUMN     "offeredToId" TEXT;

-- CreateTable
CREATE TABLE "GameVote" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "proposedById" TEXT NOT NULL,
    "side" TEXT,
    "step" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "GameVote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoteBallot" (
    "voteId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "approve" BOOLEAN NOT NULL,
    "castAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VoteBallot_pkey" PRIMARY KEY ("voteId","userId")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "seq" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorRole" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "reason" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Vacation" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "endedEarlyAt" TIMESTAMP(3),

    CONSTRAINT "Vacation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeadlineReminder" (
    "gameId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "deadline" TIMESTAMP(3) NOT NULL,
    "offsetSeconds" INTEGER NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeadlineReminder_pkey" PRIMARY KEY ("gameId","step","deadline","offsetSeconds")
);

-- CreateTable
CREATE TABLE "GameNote" (
    "gameId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GameNote_pkey" PRIMARY KEY ("gameId","userId")
);

-- CreateIndex
CREATE INDEX "GameVote_gameId_status_idx" ON "GameVote"("gameId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEntry_seq_key" ON "AuditEntry"("seq");

-- CreateIndex
CREATE INDEX "AuditEntry_gameId_seq_idx" ON "AuditEntry"("gameId", "seq");

-- CreateIndex
CREATE INDEX "Vacation_userId_startsAt_idx" ON "Vacation"("userId", "startsAt");

-- AddForeignKey
ALTER TABLE "GameVote" ADD CONSTRAINT "GameVote_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoteBallot" ADD CONSTRAINT "VoteBallot_voteId_fkey" FOREIGN KEY ("voteId") REFERENCES "GameVote"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vacation" ADD CONSTRAINT "Vacation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Games paused before this migration: tell why from their reason (resolution.ts wrote both texts).
UPDATE "Game" SET "pausedBy" = 'failure' WHERE "status" = 'PAUSED' AND "pausedReason" LIKE 'Step % could not be resolved%';
UPDATE "Game" SET "pausedBy" = 'module' WHERE "status" = 'PAUSED' AND "pausedBy" IS NULL;
