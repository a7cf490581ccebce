#!/usr/bin/env bash
# Runs every test: unit and API tests on SQLite, the API tests again on PostgreSQL when one answers,
# then the browser tests against the built web app. Ends with one line: "N passed, N failed".
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
