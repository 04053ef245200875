/** Writes the OpenAPI document of the REST API to the given file (default: stdout). */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openApiDocument } from '#api/openapi.js';

const out = process.argv[2];
const json = JSON.stringify(await openApiDocument(), null, 2) + '\n';
if (!out) process.stdout.write(json);
else {
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, json);
  console.log(`OpenAPI document written to ${out}`);
}
