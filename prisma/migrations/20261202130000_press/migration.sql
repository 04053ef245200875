-- Press (docs/press.md): per-game messages between players, the press rules chosen at creation,
-- named channels of several sides, moderators' reports and per-channel read marks.
-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "pressDuringReveal" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "pressMode" TEXT NOT NULL DEFAULT 'FULL';

-- CreateTable
CREATE TABLE "PressMessage" (
    "id" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "audience" TEXT[],
    "senderId" TEXT NOT NULL,
    "senderSide" TEXT,
    "text" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "hiddenAt" TIMESTAMP(3),
    "hiddenById" TEXT,

    CONSTRAINT "PressMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PressChannel" (
    "gameId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sides" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PressChannel_pkey" PRIMARY KEY ("gameId","key")
);

-- CreateTable
CREATE TABLE "PressReport" (
    "id" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PressReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PressReadMark" (
    "gameId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "lastSeq" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PressReadMark_pkey" PRIMARY KEY ("gameId","userId","channel")
);

-- CreateIndex
CREATE INDEX "PressMessage_gameId_channel_seq_idx" ON "PressMessage"("gameId", "channel", "seq");

-- CreateIndex
CREATE INDEX "PressMessage_senderId_createdAt_idx" ON "PressMessage"("senderId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PressMessage_gameId_seq_key" ON "PressMessage"("gameId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "PressReport_messageId_reporterId_key" ON "PressReport"("messageId", "reporterId");

-- AddForeignKey
ALTER TABLE "PressMessage" ADD CONSTRAINT "PressMessage_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PressChannel" ADD CONSTRAINT "PressChannel_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PressReport" ADD CONSTRAINT "PressReport_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "PressMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

