#!/usr/bin/env node
// @ts-check
// Prints the gzipped JavaScript each route needs on first load, from the production build,
// next to a reference built in the same run: the bare React + React Router + i18next stack; then
// the softphone's loader and phone. Checks the budgets below and exits 1 when any is passed.
// Run: npm run build && npm run bench:bundle-size
// --check prints only the budgeted rows and the verdict (what `npm test` runs after its build).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { bundleReportFile, routeLoad, routeModules } from '../packages/web/build/route-closure.mjs';
import { writeSummary } from './lib.mjs';

/**
 * The budgets, all of them (gzip -9 bytes of first-load JavaScript). A route's budget is a
 * multiple of the reference built in the same run; a file's is a size.
 * - The documentation routes: at most 1.15x the bare stack (docs/ARCHITECTURE.md, "The reader
 *   stays light").
 * - The SDK loader, either form: 10 KB; the phone's first load in its iframe: 200 KB
 *   (docs/SOFTPHONE.md, "Small"; issue #9).
 */
const BUDGETS = {
  routes: {
    '#/doc': 1.15,
    '#/doc/single': 1.15,
    '#/doc/search': 1.15,
    '#/doc/faq': 1.15,
  },
  sdkLoaderBytes: 10 * 1024,
  phoneBytes: 200 * 1024,
};

const checkOnly = process.argv.includes('--check');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// packages/web/build-report/bundle-report.json: written by the build beside dist/, not in it.
if (!existsSync(bundleReportFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const softphoneDist = path.join(root, 'packages/softphone/dist');
if (!existsSync(path.join(softphoneDist, 'phone/index.html'))) {
  console.error('No softphone build found: run `npm run build` first.');
  process.exit(1);
}
/** @type {import('../packages/web/build/bundle-report.js').BundleReport} */
const report = JSON.parse(readFileSync(bundleReportFile, 'utf8'));
for (const route of Object.keys(BUDGETS.routes)) {
  if (!(route in routeModules)) {
    console.error(`The budget names ${route}, which packages/web/build/route-closure.mjs no longer lists.`);
    process.exit(1);
  }
}

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

/**
 * Every budgeted figure, checked the same way: kept when bytes <= budget.
 * `rule` says where the budget comes from; `ratio` is the figure against the reference, for routes.
 * @type {{ name: string, bytes: number, budget: number, rule: string, ratio?: number }[]}
 */
const checks = [];
const bytesText = (/** @type {number} */ bytes) => `${bytes.toLocaleString('en-US')} B`;
/**
 * The figures for `npm run bench` (writeSummary): every route against the reference, then the
 * softphone's files against their budgets.
 * @type {import('./lib.mjs').SummaryFigure[]}
 */
const summary = [];
/**
 * The verdict of the budget named `name`, for the summary; nothing when it has none.
 * @param {string} name
 */
function budgetNote(name) {
  const check = checks.find((c) => c.name === name);
  if (!check) return {};
  return {
    note:
      check.bytes <= check.budget
        ? `within budget ${kb(check.budget)}`
        : `OVER budget ${kb(check.budget)} by ${bytesText(check.bytes - check.budget)}`,
  };
}

if (!checkOnly) {
  console.log('First-load JavaScript per route (gzip -9), against the bare stack built in the same run\n');
  console.log(
    `${'route'.padEnd(14)}${'JS gzip'.padStart(10)}${'vs ref'.padStart(9)}${'CSS gzip'.padStart(10)}  chunks  heavy packages`,
  );
  console.log(
    `${'reference'.padEnd(14)}${kb(reference).padStart(10)}${'1.00x'.padStart(9)}${'-'.padStart(10)}  (react, react-dom, react-router, i18next, react-i18next)`,
  );
}
for (const [route, modules] of Object.entries(routeModules)) {
  const load = routeLoad(report, modules);
  const ratio = /** @type {Record<string, number | undefined>} */ (BUDGETS.routes)[route];
  if (ratio !== undefined)
    checks.push({
      name: `route ${route}`,
      bytes: load.gzipBytes,
      budget: Math.floor(ratio * reference),
      rule: `${ratio.toFixed(2)}x the reference of ${kb(reference)}`,
      ratio: load.gzipBytes / reference,
    });
  summary.push({
    figure: `route ${route}, first-load JS gzip`,
    ours: load.gzipBytes,
    reference,
    unit: 'B',
    better: 'lower',
    ...budgetNote(`route ${route}`),
  });
  if (checkOnly) continue;
  const heavy = load.packages.filter((p) => p === 'antd' || p.startsWith('@ant-design/')).join(', ') || 'none';
  console.log(
    `${route.padEnd(14)}${kb(load.gzipBytes).padStart(10)}${`${(load.gzipBytes / reference).toFixed(2)}x`.padStart(9)}${kb(load.cssGzipBytes).padStart(10)}  ${String(load.chunks.length).padStart(6)}  ${heavy}`,
  );
}

// The softphone (issue #9): the loader integrators add with a script tag, and the phone's first
// load in its iframe (the scripts its page names).
const gz = (/** @type {string} */ file) => gzipSync(readFileSync(file), { level: 9 }).length;
const phoneHtml = readFileSync(path.join(softphoneDist, 'phone/index.html'), 'utf8');
const phoneScripts = [...phoneHtml.matchAll(/(?:src|href)="\/dzfront\/open\/client\/phone\/([^"]+\.js)"/g)].map(
  (match) => path.join(softphoneDist, 'phone', match[1] ?? ''),
);
if (phoneScripts.length === 0) {
  console.error('packages/softphone/dist/phone/index.html names no script: the phone cannot be measured.');
  process.exit(1);
}
const phoneBytes = phoneScripts.reduce((sum, file) => sum + gz(file), 0);
const softphone = [
  {
    name: 'SDK loader (softphone.js, script tag)',
    bytes: gz(path.join(softphoneDist, 'sdk/softphone.js')),
    budget: BUDGETS.sdkLoaderBytes,
  },
  {
    name: 'SDK loader (softphone.mjs, ES module)',
    bytes: gz(path.join(softphoneDist, 'sdk/softphone.mjs')),
    budget: BUDGETS.sdkLoaderBytes,
  },
  {
    name: `phone, first load (${phoneScripts.length} script${phoneScripts.length === 1 ? '' : 's'})`,
    bytes: phoneBytes,
    budget: BUDGETS.phoneBytes,
  },
];
for (const file of softphone) checks.push({ ...file, rule: 'issue #9, docs/SOFTPHONE.md' });
if (!checkOnly) {
  console.log('\nSoftphone (gzip -9), against the budgets of issue #9\n');
  for (const { name, bytes, budget } of softphone)
    console.log(
      `${name.padEnd(40)}${kb(bytes).padStart(10)}  budget ${kb(budget)}  (${((bytes / budget) * 100).toFixed(0)}%)`,
    );
}

// The verdict: every budget, then what is over it (on stderr, and exit code 1).
console.log(`\nBudgets (gzip -9), from BUDGETS in bench/bundle-size.mjs\n`);
for (const { name, bytes, budget, rule, ratio } of checks) {
  const figure = ratio === undefined ? kb(bytes) : `${kb(bytes)} = ${ratio.toFixed(3)}x`;
  console.log(
    `${bytes <= budget ? 'within' : 'OVER  '}  ${name.padEnd(40)}${figure.padStart(18)}  budget ${kb(budget)} (${rule})`,
  );
}
const over = checks.filter((c) => c.bytes > c.budget);
// The softphone's files have a budget, not a reference: the budget stands in its column.
for (const { name, bytes, budget } of softphone)
  summary.push({
    figure: `${name} gzip, against its budget`,
    ours: bytes,
    reference: budget,
    unit: 'B',
    better: 'lower',
    ...budgetNote(name),
  });
writeSummary('bundle-size', summary);
if (over.length > 0) {
  console.error(
    `\nBundle budget exceeded: ${over.length} of ${checks.length} over (npm run bench:bundle-size for all figures)`,
  );
  for (const { name, bytes, budget, rule, ratio } of over)
    console.error(
      `  ${name}: ${kb(bytes)} (${bytesText(bytes)}${ratio === undefined ? '' : `, ${ratio.toFixed(3)}x`}), ` +
        `budget ${kb(budget)} (${bytesText(budget)}, ${rule}): ${bytesText(bytes - budget)} over`,
    );
  process.exitCode = 1;
} else {
  console.log(`\nAll ${checks.length} budgets kept.`);
}
