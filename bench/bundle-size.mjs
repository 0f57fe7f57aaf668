#!/usr/bin/env node
// @ts-check
// Prints the gzipped JavaScript each route needs on first load, from the production build,
// next to a reference built in the same run: the bare React + React Router + i18next stack.
// Run: npm run build && npm run bench:bundle-size
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { bundleReportFile, routeLoad, routeModules } from '../packages/web/build/route-closure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// packages/web/build-report/bundle-report.json: written by the build beside dist/, not in it.
if (!existsSync(bundleReportFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
/** @type {import('../packages/web/build/bundle-report.js').BundleReport} */
const report = JSON.parse(readFileSync(bundleReportFile, 'utf8'));

/** Builds the reference in memory with the same bundler and minifier as the product. */
async function referenceGzipBytes() {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: path.join(root, 'packages/web'),
    build: {
      write: false,
      target: 'es2022',
      rollupOptions: { input: path.join(root, 'bench/reference/bare-stack.js') },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
  return outputs
    .filter((o) => o.type === 'chunk')
    .reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const reference = await referenceGzipBytes();

console.log('First-load JavaScript per route (gzip -9), against the bare stack built in the same run\n');
console.log(
  `${'route'.padEnd(14)}${'JS gzip'.padStart(10)}${'vs ref'.padStart(9)}${'CSS gzip'.padStart(10)}  chunks  heavy packages`,
);
console.log(
  `${'reference'.padEnd(14)}${kb(reference).padStart(10)}${'1.00x'.padStart(9)}${'-'.padStart(10)}  (react, react-dom, react-router, i18next, react-i18next)`,
);
for (const [route, modules] of Object.entries(routeModules)) {
  const load = routeLoad(report, modules);
  const heavy = load.packages.filter((p) => p === 'antd' || p.startsWith('@ant-design/')).join(', ') || 'none';
  console.log(
    `${route.padEnd(14)}${kb(load.gzipBytes).padStart(10)}${`${(load.gzipBytes / reference).toFixed(2)}x`.padStart(9)}${kb(load.cssGzipBytes).padStart(10)}  ${String(load.chunks.length).padStart(6)}  ${heavy}`,
  );
}

// The softphone (issue #9): the loader integrators add with a script tag, and the phone's first
// load in its iframe (the scripts its page names), each against its budget.
const softphoneDist = path.join(root, 'packages/softphone/dist');
if (!existsSync(path.join(softphoneDist, 'phone/index.html'))) {
  console.error('\nNo softphone build found: run `npm run build` first.');
  process.exit(1);
}
const gz = (/** @type {string} */ file) => gzipSync(readFileSync(file), { level: 9 }).length;
const phoneHtml = readFileSync(path.join(softphoneDist, 'phone/index.html'), 'utf8');
const phoneScripts = [...phoneHtml.matchAll(/(?:src|href)="\/dzfront\/open\/client\/phone\/([^"]+\.js)"/g)].map(
  (match) => path.join(softphoneDist, 'phone', match[1] ?? ''),
);
const phoneBytes = phoneScripts.reduce((sum, file) => sum + gz(file), 0);
const budgets = [
  ['SDK loader (softphone.js, script tag)', gz(path.join(softphoneDist, 'sdk/softphone.js')), 10 * 1024],
  ['SDK loader (softphone.mjs, ES module)', gz(path.join(softphoneDist, 'sdk/softphone.mjs')), 10 * 1024],
  [`phone, first load (${phoneScripts.length} script${phoneScripts.length === 1 ? '' : 's'})`, phoneBytes, 200 * 1024],
];
console.log('\nSoftphone (gzip -9), against the budgets of issue #9\n');
for (const [name, bytes, budget] of /** @type {[string, number, number][]} */ (budgets)) {
  console.log(
    `${name.padEnd(40)}${kb(bytes).padStart(10)}  budget ${kb(budget)}  ${bytes <= budget ? 'within' : 'OVER'} (${((bytes / budget) * 100).toFixed(0)}%)`,
  );
}
