/**
 * The OAuth server's storage on PostgreSQL (oidc-provider's adapter interface): every artefact
 * it keeps between requests is one OAuthArtifact row, so any API instance can carry on a flow
 * another one started. Clients are read from OAuthClient, where registration puts them.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Prisma } from '#generated/prisma/client.js';
import type { Db } from '../db/client.js';
import { clientMetadata } from './clients.js';

type Payload = AdapterPayload;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const live = () => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] });

export class PrismaAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: Payload, expiresIn?: number) {
    if (this.kind === 'Client') throw new Error('clients are registered through Warpost, not the OAuth server');
    const columns = {
      payload: payload as unknown as Prisma.InputJsonValue,
      grantId: str(payload.grantId),
      userCode: str(payload.userCode),
      uid: str(payload.uid),
      accountId: str(payload.accountId),
      clientId: str(payload.clientId),
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db.oAuthArtifact.upsert({ where: { kind_id: { kind: this.kind, id } }, create: { kind: this.kind, id, ...columns }, update: columns });
  }

  async find(id: string) {
    if (this.kind === 'Client') {
      const client = await this.db.oAuthClient.findUnique({ where: { id } });
      return client ? clientMetadata(client) : undefined;
    }
    return this.first({ id });
  }

  findByUserCode(userCode: string) {
    return this.first({ userCode });
  }

  findByUid(uid: string) {
    return this.first({ uid });
  }

  async consume(id: string) {
    // jsonb_set keeps a concurrent consume of the same code harmless: both mark it consumed.
    await this.db.$executeRaw`UPDATE "OAuthArtifact" SET payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch from now())::bigint)) WHERE kind = ${this.kind} AND id = ${id}`;
  }

  async destroy(id: string) {
    await this.db.oAuthArtifact.deleteMany({ where: { kind: this.kind, id } });
  }

  async revokeByGrantId(grantId: string) {
    await this.db.oAuthArtifact.deleteMany({ where: { kind: this.kind, grantId } });
  }

  private async first(where: Prisma.OAuthArtifactWhereInput) {
    const row = await this.db.oAuthArtifact.findFirst({ where: { kind: this.kind, ...where, ...live() }, select: { payload: true } });
    return (row?.payload as unknown as Payload | undefined) ?? undefined;
  }
}

/** Deletes artefacts past their expiry (they are already ignored); returns how many went. */
export async function sweepExpired(db: Db): Promise<number> {
  const r = await db.oAuthArtifact.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return r.count;
}
