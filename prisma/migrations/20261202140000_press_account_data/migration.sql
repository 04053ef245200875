-- Press and account deletion (docs/press.md, docs/accounts.md): a report outlives its reporter's
-- account, detached from it.
-- AlterTable
ALTER TABLE "PressReport" ALTER COLUMN "reporterId" DROP NOT NULL;
