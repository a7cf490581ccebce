import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss()],
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
    },
  },
});
