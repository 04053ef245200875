#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis are running on loopback for the integration tests:
# starts them if they are installed but down, installs them (Debian packages) if missing.
# The browser tests (test/web) need Debian's Chromium at /usr/bin/chromium; it is installed too.
set -euo pipefail

PGHOST=127.0.0.1
need_install=()
command -v pg_ctlcluster >/dev/null 2>&1 || need_install+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need_install+=(redis-server)
[ -x /usr/bin/chromium ] || need_install+=(chromium)
if [ ${#need_install[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then echo "missing ${need_install[*]}; install them (root needed)" >&2; exit 1; fi
  echo "installing ${need_install[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_install[@]}" >/dev/null
fi

if ! pg_isready -h "$PGHOST" -p 5432 -q; then
  ver=$(ls /etc/postgresql | sort -V | tail -1)
  hba=/etc/postgresql/$ver/main/pg_hba.conf
  # Tests connect as postgres over TCP without a password, as on the project's machines.
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  pg_ctlcluster --skip-systemctl-redirect "$ver" main start
  for _ in $(seq 30); do pg_isready -h "$PGHOST" -p 5432 -q && break; sleep 1; done
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/warpost.log
  for _ in $(seq 30); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done
fi
pg_isready -h "$PGHOST" -p 5432
redis-cli -h 127.0.0.1 -p 6379 ping
