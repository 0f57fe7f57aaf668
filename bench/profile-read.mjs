#!/usr/bin/env node
// @ts-check
// Reads what `BENCH_PROFILE=<folder> npm run bench:cti-load` wrote (issue #40 item 1), as a
// flame graph would be read, in text:
// - a CPU profile (.cpuprofile): where the samples fell, by function (self time) and by part
//   (our server's files, each package, Node's internals, the garbage collector, idle);
// - two heap snapshots (idle and connected, same N): what the connected clients added, by
//   constructor, per connection.
// Run: node bench/profile-read.mjs <file.cpuprofile> | <idle.heapsnapshot> <connected.heapsnapshot> <N>
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const [first, second, third] = process.argv.slice(2);
if (!first) {
  console.error('usage: profile-read.mjs <file.cpuprofile> | <idle.heapsnapshot> <connected.heapsnapshot> <N>');
  process.exit(2);
}

/** @param {number} value @param {number} total */
const share = (value, total) => `${((100 * value) / total).toFixed(1).padStart(5)} %`;

/**
 * Which part of the program a function belongs to: a file of ours, a package, Node itself.
 * @param {string} url
 * @param {string} name
 */
function partOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native or V8 builtin)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return `package ${pkg}`;
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0] ?? ''}`;
  // Here only PGlite compiles WebAssembly (its Postgres): named by the module's hash.
  if (url.startsWith('wasm://')) return `WebAssembly ${url.split('/').at(-1) ?? url}`;
  const ours = /packages\/server\/dist\/(.*)$/.exec(url)?.[1];
  if (ours) return `server ${ours}`;
  return path.basename(url);
}

/** @param {string} file */
async function readCpu(file) {
  /** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }[], samples: number[], timeDeltas: number[], startTime: number, endTime: number }} */
  const profile = JSON.parse(await readFile(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} microseconds each node was on top of the stack */
  const self = new Map();
  profile.samples.forEach((id, index) => {
    // Each delta is the time before the sample: it is charged to the sample that ends it.
    const delta = profile.timeDeltas[index + 1] ?? 0;
    self.set(id, (self.get(id) ?? 0) + Math.max(0, delta));
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const idle = [...self]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
    .reduce((s, [, v]) => s + v, 0);
  const busy = total - idle;
  /** @type {Map<string, number>} */
  const functions = new Map();
  /** @type {Map<string, number>} */
  const parts = new Map();
  for (const [id, us] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const where = frame.url ? `${partOf(frame.url, frame.functionName)}:${String(frame.lineNumber + 1)}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + us);
    const part = partOf(frame.url, frame.functionName);
    parts.set(part, (parts.get(part) ?? 0) + us);
  }
  console.log(
    `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, busy ${(busy / 1e6).toFixed(2)} s (${share(busy, total).trim()}), ` +
      `idle ${(idle / 1e6).toFixed(2)} s`,
  );
  console.log('\nBy part (self time, share of busy time):');
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${share(us, busy)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${part}`);
  console.log('\nBy function (self time, share of busy time):');
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${share(us, busy)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);

  // What a flame graph's wide boxes say: the time under each of our functions, callees included
  // (a function that calls itself is counted once, at its outermost frame).
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** @type {Map<string, number>} */
  const inclusive = new Map();
  for (const [id, us] of self) {
    /** @type {Set<string>} */
    const seen = new Set();
    for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !/packages\/server\/dist\//.test(frame.url) || frame.functionName === '(idle)') continue;
      const key = `${frame.functionName || '(anonymous)'} ${partOf(frame.url, frame.functionName)}:${String(frame.lineNumber + 1)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  console.log("\nOur server's functions, callees included (share of busy time):");
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${share(us, busy)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}

/**
 * Self size and count per constructor (or node type, for strings, code, arrays) in a snapshot.
 * @param {string} file
 */
async function heapSummary(file) {
  /** @type {{ snapshot: { meta: { node_fields: string[], node_types: [string[], ...unknown[]] } }, nodes: number[], strings: string[] }} */
  const snap = JSON.parse(await readFile(file, 'utf8'));
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snap.snapshot.meta.node_types[0];
  /** @type {Map<string, { size: number, count: number }>} */
  const groups = new Map();
  let total = 0;
  for (let at = 0; at < snap.nodes.length; at += width) {
    const type = types[snap.nodes[at + typeAt] ?? 0] ?? '?';
    const name = snap.strings[snap.nodes[at + nameAt] ?? 0] ?? '';
    const size = snap.nodes[at + sizeAt] ?? 0;
    // Objects by constructor; strings, code, arrays and the like by their kind.
    const key = type === 'object' || type === 'closure' ? `${type} ${name}` : `(${type})`;
    const group = groups.get(key) ?? { size: 0, count: 0 };
    group.size += size;
    group.count += 1;
    groups.set(key, group);
    total += size;
  }
  return { groups, total };
}

if (first.endsWith('.cpuprofile')) await readCpu(first);
else {
  const n = Number(third);
  if (!second || !Number.isFinite(n) || n <= 0)
    throw new Error('heap: <idle.heapsnapshot> <connected.heapsnapshot> <N>');
  const idle = await heapSummary(first);
  const connected = await heapSummary(second);
  const growth = connected.total - idle.total;
  console.log(
    `JS heap (self sizes): idle ${(idle.total / 2 ** 20).toFixed(1)} MB, with ${String(n)} clients ` +
      `${(connected.total / 2 ** 20).toFixed(1)} MB: ${(growth / n / 1024).toFixed(2)} KB a connection`,
  );
  console.log('\nWhat each connection added (bytes and objects per connection, share of the growth):');
  const rows = [...connected.groups].map(([key, after]) => {
    const before = idle.groups.get(key) ?? { size: 0, count: 0 };
    return { key, size: after.size - before.size, count: after.count - before.count };
  });
  for (const row of rows.sort((a, b) => b.size - a.size).slice(0, 30))
    console.log(
      `  ${share(row.size, growth)}  ${(row.size / n).toFixed(0).padStart(6)} B  ${(row.count / n).toFixed(2).padStart(7)}  ${row.key}`,
    );
}
