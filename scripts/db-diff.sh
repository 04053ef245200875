#!/usr/bin/env bash
# Prints the SQL of a new migration: the difference between the Prisma schema at a git revision
# (default HEAD) and the working copy. Needs no database and no engine download; save the output
# as prisma/migrations/<timestamp>_<name>/migration.sql.
set -euo pipefail
base=${1:-HEAD}
old=$(mktemp --suffix=.prisma)
trap 'rm -f "$old"' EXIT
git show "$base:prisma/schema.prisma" > "$old"
DATABASE_URL=${DATABASE_URL:-postgresql://127.0.0.1/warpost} npx prisma migrate diff \
  --from-schema-datamodel "$old" --to-schema-datamodel prisma/schema.prisma --script 2>/dev/null
