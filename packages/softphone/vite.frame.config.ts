import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The phone the SDK mounts in its iframe, served at /dzfront/open/client/phone/. Its first
 * load must stay under 200 KB of gzipped JavaScript (bench/bundle-size.mjs prints it).
 */
export default defineConfig({
  root: 'src/frame',
  base: '/dzfront/open/client/phone/',
  plugins: [react()],
  resolve: { conditions: ['@open/source', ...defaultClientConditions] },
  build: {
    outDir: '../../dist/phone',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    assetsDir: 'static',
    rolldownOptions: {
      output: {
        hashCharacters: 'hex',
        entryFileNames: 'static/js/[name].[hash:8].js',
        chunkFileNames: 'static/js/[name].[hash:8].chunk.js',
        assetFileNames: 'static/media/[name].[hash:8][extname]',
      },
    },
  },
});
