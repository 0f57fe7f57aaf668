import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { bundleReport } from './build/bundle-report.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  base: '/dzfront/open/client/',
  plugins: [react(), bundleReport(), precompress()],
  // Workspace packages are compiled from source, so the client never waits for their build.
  resolve: { conditions: ['@open/source', ...defaultClientConditions] },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: { '/dzfront/open/server': 'http://localhost:8080' },
  },
});
