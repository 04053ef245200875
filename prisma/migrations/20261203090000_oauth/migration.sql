-- Third-party apps over OAuth 2.0 (docs/accounts.md, "Third-party apps"): registered clients, and
-- what the OAuth server stores (grants, codes, tokens, sessions) so that every API instance shares it.
-- CreateTable
CREATE TABLE "OAuthClient" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "redirectUris" TEXT[],
    "ownerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthClient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthArtifact" (
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" TEXT,
    "userCode" TEXT,
    "uid" TEXT,
    "accountId" TEXT,
    "clientId" TEXT,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuthArtifact_pkey" PRIMARY KEY ("kind","id")
);

-- CreateIndex
CREATE INDEX "OAuthClient_ownerId_idx" ON "OAuthClient"("ownerId");

-- CreateIndex
CREATE INDEX "OAuthArtifact_grantId_idx" ON "OAuthArtifact"("grantId");

-- CreateIndex
CREATE INDEX "OAuthArtifact_userCode_idx" ON "OAuthArtifact"("userCode");

-- CreateIndex
CREATE INDEX "OAuthArtifact_uid_idx" ON "OAuthArtifact"("uid");

-- CreateIndex
CREATE INDEX "OAuthArtifact_accountId_kind_idx" ON "OAuthArtifact"("accountId", "kind");

-- CreateIndex
CREATE INDEX "OAuthArtifact_expiresAt_idx" ON "OAuthArtifact"("expiresAt");

-- AddForeignKey
ALTER TABLE "OAuthClient" ADD CONSTRAINT "OAuthClient_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

