import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { bundleReportFile } from './route-closure.mjs';

export interface ChunkReport {
  fileName: string;
  /** Source module of a lazily loaded route chunk, relative to the web package. */
  facade: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** npm packages whose code is inside this chunk. */
  packages: string[];
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  chunks: Record<string, ChunkReport>;
  css: Record<string, { bytes: number; gzipBytes: number }>;
}

function packageOf(id: string): string | undefined {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
  return match?.[1];
}

/**
 * Writes build-report/bundle-report.json: every chunk with its imports, the packages inside it
 * and its gzipped size. bench/bundle-size and the route tests read it. It lies outside dist/, the
 * folder the server publishes, because it maps the whole source tree.
 */
export function bundleReport(): Plugin {
  let root = '';
  return {
    name: 'open:bundle-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const report: BundleReport = { chunks: {}, css: {} };
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset') {
          if (output.fileName.endsWith('.css')) {
            const source = typeof output.source === 'string' ? output.source : Buffer.from(output.source);
            report.css[output.fileName] = {
              bytes: Buffer.byteLength(source),
              gzipBytes: gzipSync(source, { level: 9 }).length,
            };
          }
          continue;
        }
        const packages = new Set<string>();
        for (const id of output.moduleIds) {
          const name = packageOf(id);
          if (name) packages.add(name);
        }
        report.chunks[output.fileName] = {
          fileName: output.fileName,
          facade: output.facadeModuleId ? path.relative(root, output.facadeModuleId).replaceAll('\\', '/') : null,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          packages: [...packages].sort(),
          bytes: Buffer.byteLength(output.code),
          gzipBytes: gzipSync(output.code, { level: 9 }).length,
        };
      }
      await mkdir(path.dirname(bundleReportFile), { recursive: true });
      await writeFile(bundleReportFile, `${JSON.stringify(report, null, 2)}\n`);
    },
  };
}
