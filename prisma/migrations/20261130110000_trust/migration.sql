-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "spectatorDelaySteps" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "StepRecord" ADD COLUMN     "commitments" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "salts" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "state" JSONB;

-- CreateTable
CREATE TABLE "Commitment" (
    "gameId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "commitment" TEXT NOT NULL,
    "salt" TEXT,
    "revealedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Commitment_pkey" PRIMARY KEY ("gameId","step","side")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" TEXT NOT NULL,
    "seq" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "side" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "keyId" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Receipt_seq_key" ON "Receipt"("seq");

-- CreateIndex
CREATE INDEX "Receipt_gameId_step_side_idx" ON "Receipt"("gameId", "step", "side");

-- AddForeignKey
ALTER TABLE "Commitment" ADD CONSTRAINT "Commitment_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
