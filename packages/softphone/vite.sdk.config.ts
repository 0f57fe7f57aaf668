import { defaultClientConditions, defineConfig } from 'vite';
import { sdkDeclarations } from './build/declarations.ts';

/**
 * The SDK loader integrators add with one script: an IIFE defining `window.Softphone`
 * (softphone.js) and the same as an ES module (softphone.mjs), with softphone.d.ts, into dist/sdk. It must stay
 * under 10 KB gzipped (bench/bundle-size.mjs prints it).
 */
export default defineConfig({
  plugins: [sdkDeclarations()],
  resolve: { conditions: ['@open/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist/sdk',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: true,
    lib: {
      entry: 'src/sdk/index.ts',
      name: 'Softphone',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'iife' ? 'softphone.js' : 'softphone.mjs'),
    },
  },
});
