/** `npm run docs:config`: writes the README's configuration table from the schema. */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { withTable } from '#platform/config/docs.js';

const file = resolve(import.meta.dirname, '../README.md');
const before = await readFile(file, 'utf8');
const after = withTable(before);
if (after !== before) await writeFile(file, after);
console.log(
  after === before ? 'README.md configuration table is up to date' : 'README.md configuration table rewritten',
);
