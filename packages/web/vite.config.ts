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
    // Create React App's layout (the spec loads script parts from static/js/…chunk.js): the entry
    // in static/js, lazily loaded parts as static/js/*.chunk.js, styles in static/css, the rest
    // (images, fonts) in static/media. Every name there carries a hash of its content, so the
    // server lets browsers keep all of static/ for a year.
    assetsDir: 'static',
    rolldownOptions: {
      output: {
        hashCharacters: 'hex',
        // The reader's small modules that several of its views share (the version state, a
        // query hook, status and date formats, the tree) go in one chunk instead of six: each
        // chunk costs a request and its own gzip stream, and the views stay within their 1.15x
        // budget (bench/bundle-size.mjs).
        codeSplitting: {
          groups: [{ name: 'doc-common', test: /[\\/]src[\\/]doc[\\/]/, minShareCount: 2 }],
        },
        entryFileNames: 'static/js/[name].[hash:8].js',
        chunkFileNames: 'static/js/[name].[hash:8].chunk.js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'static/css/[name].[hash:8][extname]'
            : 'static/media/[name].[hash:8][extname]',
      },
    },
  },
  server: {
    proxy: { '/dzfront/open/server': 'http://localhost:8080' },
  },
});
