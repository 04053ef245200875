import { openDatabase } from '#platform/db/client.js';
for (const url of [undefined, 'postgresql://postgres@127.0.0.1:5432/test']) {
  const db = await openDatabase({ databaseUrl: url, dataDir: '/tmp/wpdata' });
  const u = await db.prisma.user.create({ data: { username: 'u' + Date.now(), passwordHash: 'x' } });
  const r = await db.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${u.id} FOR UPDATE`;
    return rows;
  });
  console.log(db.kind, u.id, r, await db.prisma.user.count());
  await db.close();
}
