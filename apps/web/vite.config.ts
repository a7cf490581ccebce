import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = 'http://127.0.0.1:3000';

/**
 * Builds keep earlier hashed assets (emptyOutDir false, below); this keeps exactly two generations,
 * this build's and the previous one's, and deletes older files so dist does not grow without end.
 */
function keepTwoBuilds(outDir: string): Plugin {
  const record = path.join(outDir, '.previous-assets.json');
  return {
    name: 'keep-two-builds',
    apply: 'build',
    writeBundle(_options, bundle) {
      const current = Object.keys(bundle).filter((f) => f.startsWith('assets/'));
      const previous: string[] = fs.existsSync(record) ? JSON.parse(fs.readFileSync(record, 'utf8')) : [];
      const keep = new Set([...current, ...previous]);
      const assets = path.join(outDir, 'assets');
      for (const f of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
        if (!keep.has(`assets/${f}`)) fs.rmSync(path.join(assets, f), { force: true });
      }
      fs.writeFileSync(record, JSON.stringify(current));
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss(), keepTwoBuilds(path.join(here, 'dist'))],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    __BUILD_COMMIT__: JSON.stringify(process.env.GIT_COMMIT ?? 'local'),
  },
  build: {
    outDir: path.join(here, 'dist'),
    // Keep earlier hashed assets: a server (or browser tab) still holding the previous index.html keeps
    // finding its chunks while a new build lands, e.g. during a deploy or when tests run beside a build.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': server,
      '/internal': server,
      '/files': server,
      '/docs/api': server,
      '/manifest.webmanifest': server,
    },
  },
});
