#!/usr/bin/env node
/**
 * Summarises a V8 CPU profile (`.cpuprofile`, Chrome DevTools Protocol Profiler.Profile: nodes
 * with callFrame and hitCount, samples and timeDeltas in microseconds): the self time of the
 * busiest functions, and the self time per place (a package under node_modules, the product's
 * src/, the tests' test/, node's internals, GC and idle), in milliseconds and percent.
 *
 * Usage: node scripts/cpuprofile-top.mjs <file.cpuprofile> [count=30]
 * Written for the fuzz suite's FUZZ_PROFILE (apps/server/test/fuzz/suite.ts, docs/performance.md).
 */
import { readFileSync } from 'node:fs';

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpuprofile-top.mjs <file.cpuprofile> [count]');
  process.exit(2);
}
const count = Number(countArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** Self microseconds per node id, from the samples and their time deltas. */
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

/** The place a call frame's code lives in. */
function placeOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node:';
  const match = /\/(apps\/[^/]+\/(?:src|test)|packages\/[^/]+\/src)\//.exec(url);
  return match ? match[1] : url;
}

const byFunction = new Map();
const byPlace = new Map();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  total += us;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const place = placeOf(node.callFrame);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

const line = ([name, us]) =>
  `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by place:');
for (const entry of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, count)) {
  console.log(line(entry));
}
console.log('\nself time by function:');
for (const entry of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count)) {
  console.log(line(entry));
}
