#!/usr/bin/env bash
# The deployment check (docs/deploy.md): the production build, a throwaway PostgreSQL cluster, two
# instances and HAProxy on loopback, restarted under load. Installs HAProxy from Debian when it is
# missing, as .ci/run installs Chromium. Ports DEPLOY_CHECK_PORT (3500) to DEPLOY_CHECK_PORT+4.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
  echo "deploy-check: installing HAProxy from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
fi
# Debian puts haproxy in /usr/sbin, which a non-login shell may not have on its PATH.
export PATH="${PATH}:/usr/sbin"

# PostgreSQL's server programs (initdb, pg_ctl): Debian keeps them out of PATH, per version.
if [ -z "${PG_BIN:-}" ]; then
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  export PG_BIN
fi
if [ ! -x "${PG_BIN}/initdb" ]; then
  echo "deploy-check: no initdb in '${PG_BIN}'; install Debian's postgresql package or set PG_BIN" >&2
  exit 1
fi

# The production build, rebuilt only when a source changed since the last one (as npm start decides).
if ! node --input-type=module -e "
  import { buildDecision, hashInputs } from './scripts/build-state.mjs';
  process.exit((await buildDecision('.', await hashInputs('.'))).build ? 1 : 0);
"; then
  npm run build
fi

exec npx tsx scripts/deploy-check/run.ts
