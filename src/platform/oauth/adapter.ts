/**
 * The OAuth server's storage on PostgreSQL (oidc-provider's adapter interface): every artefact
 * it keeps between requests is one OAuthArtifact row, so any API instance can carry on a flow
 * another one started. Clients are read from OAuthClient, where registration puts them.
 *
 * An artefact's id is often the secret itself (an opaque access or refresh token, a code, the
 * session cookie), so, as for Warpost's own tokens, only its SHA-256 is stored: the row is keyed
 * by the hash and the payload is kept without its `jti`, which `find` puts back from the id it
 * was given. Grant ids are no credential (tokens name them) and stay as they are. A device code
 * keeps its `jti` in the payload: the person's side finds it by its user code and must save it
 * under the same id (it lives ten minutes, and only until the app polls it once).
 */
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Prisma } from '#generated/prisma/client.js';
import type { Db } from '../db/client.js';
import { clientMetadata } from './clients.js';

type Payload = AdapterPayload;

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
const str = (v: unknown) => (typeof v === 'string' ? v : null);
/** Rows not yet expired (expired ones are ignored until the sweep deletes them). */
export const live = () => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] });

export class PrismaAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
  ) {}

  /** The stored key of an artefact id. */
  private key(id: string) {
    return this.kind === 'Grant' ? id : sha256(id);
  }

  async upsert(id: string, payload: Payload, expiresIn?: number) {
    if (this.kind === 'Client') throw new Error('clients are registered through Warpost, not the OAuth server');
    const { jti: _secret, ...rest } = payload;
    const columns = {
      payload: (this.kind === 'Grant' || this.kind === 'DeviceCode'
        ? payload
        : rest) as unknown as Prisma.InputJsonValue,
      grantId: str(payload.grantId),
      userCode: str(payload.userCode),
      uid: str(payload.uid),
      accountId: str(payload.accountId),
      clientId: str(payload.clientId),
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    const key = this.key(id);
    await this.db.oAuthArtifact.upsert({
      where: { kind_id: { kind: this.kind, id: key } },
      create: { kind: this.kind, id: key, ...columns },
      update: columns,
    });
  }

  async find(id: string) {
    if (this.kind === 'Client') {
      const client = await this.db.oAuthClient.findUnique({ where: { id } });
      return client ? clientMetadata(client) : undefined;
    }
    const payload = await this.first({ id: this.key(id) });
    return payload && { ...payload, jti: id };
  }

  findByUserCode(userCode: string) {
    return this.first({ userCode });
  }

  findByUid(uid: string) {
    return this.first({ uid });
  }

  async consume(id: string) {
    // jsonb_set keeps a concurrent consume of the same code harmless: both mark it consumed.
    await this.db
      .$executeRaw`UPDATE "OAuthArtifact" SET payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch from now())::bigint)) WHERE kind = ${this.kind} AND id = ${this.key(id)}`;
  }

  async destroy(id: string) {
    await this.db.oAuthArtifact.deleteMany({ where: { kind: this.kind, id: this.key(id) } });
  }

  async revokeByGrantId(grantId: string) {
    await this.db.oAuthArtifact.deleteMany({ where: { kind: this.kind, grantId } });
  }

  private async first(where: Prisma.OAuthArtifactWhereInput) {
    const row = await this.db.oAuthArtifact.findFirst({
      where: { kind: this.kind, ...where, ...live() },
      select: { payload: true },
    });
    return (row?.payload as unknown as Payload | undefined) ?? undefined;
  }
}

/** Deletes artefacts past their expiry (they are already ignored); returns how many went. */
export async function sweepExpired(db: Db): Promise<number> {
  const r = await db.oAuthArtifact.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return r.count;
}
