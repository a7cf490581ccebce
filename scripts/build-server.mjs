/* global console, process */
// Compiles the server into apps/server/dist/main.js (one ES module with a source map) for the
// production start (`npm run start:prod`): no TypeScript compiler or bundler runs at start-up.
// The workspace package @switchboard/core (TypeScript sources) and every migration are bundled in;
// npm packages stay external and load from node_modules as usual (native better-sqlite3 and pg,
// the font and Swagger UI files read from their package folders).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir <dir>` builds elsewhere (a test builds into a folder of its own, beside node_modules'
// parents so the external packages still resolve, while another test run may be reading dist/).
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? path.resolve(process.argv[outdirFlag + 1]) : path.join(root, 'apps/server/dist');

/** Bare imports are external, except our own workspace packages (shipped as TypeScript). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@switchboard/') || args.path.startsWith('node:')) return undefined;
      if (path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules imported only on demand go into chunks of their own (OpenTelemetry's, loaded only when
  // OTEL_EXPORTER_OTLP_ENDPOINT is set), so the start-up does not load what the settings leave off.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  // Stack traces name our functions; the code is not shipped to browsers, so nothing is minified.
  minify: false,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`server built into ${path.relative(root, outdir)}/ in ${Date.now() - started} ms`);
