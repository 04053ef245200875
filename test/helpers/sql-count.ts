import pg from 'pg';

/** Every SQL statement this process sends to PostgreSQL while `fn` runs (the API serves in process). */
export async function countingSql<T>(fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    sql.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await fn(), sql };
  } finally {
    pg.Client.prototype.query = original;
  }
}
