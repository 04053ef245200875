/**
 * Platform admins (User.isAdmin): `npm run admin -- grant <username>`, `revoke <username>`,
 * `list`. Needs DATABASE_URL (the embedded database under WARPOST_DATA_DIR otherwise).
 */
import { openDatabase } from '../src/platform/db/client.js';
import { DataDirInUseError } from '../src/platform/db/dir-lock.js';
import { configOrExit } from '../src/platform/lifecycle.js';

const [cmd, username] = process.argv.slice(2);
const config = configOrExit();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((err) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(3);
});
try {
  if (cmd === 'list') {
    const admins = await db.prisma.user.findMany({ where: { isAdmin: true }, select: { username: true }, orderBy: { username: 'asc' } });
    console.log(admins.map((a) => a.username).join('\n') || '(no platform admin)');
  } else if ((cmd === 'grant' || cmd === 'revoke') && username) {
    const r = await db.prisma.user.updateMany({ where: { username }, data: { isAdmin: cmd === 'grant' } });
    if (r.count === 0) {
      console.error(`No user "${username}".`);
      process.exitCode = 1;
    } else console.log(`${username} is ${cmd === 'grant' ? 'now' : 'no longer'} a platform admin.`);
  } else {
    console.error('Usage: npm run admin -- grant <username> | revoke <username> | list');
    process.exitCode = 2;
  }
} finally {
  await db.close();
}
