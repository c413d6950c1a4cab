#!/usr/bin/env node
/**
 * `npm run bench`: every bench, one after another, each to its end whatever the others did (a chain of
 * `&&` stopped at the first miss and hid the rest). Each prints its own figures; this prints one line per
 * bench and one summary line, and exits 1 when any bench missed a budget or failed.
 * Usage: node bench/run-all.mjs [name …]   (names as in BENCHES, e.g. crawl firms-list; default: all)
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const BENCHES = [
  'newsletter-export', 'api-load', 'admin-scale', 'firms-list', 'firms-page', 'ssr-render', 'static-load', 'signed-in', 'proof', 'crawl', 'search', 'newsletter-send', 'follow-alerts', 'simulator',
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.includes(name));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
  process.exit(2);
}

const results = [];
for (const name of wanted.length ? wanted : BENCHES) {
  console.log(`\n=== bench/${name}.mjs ===`);
  const started = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [join(HERE, `${name}.mjs`)], { stdio: 'inherit' });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
    child.on('error', () => resolve(1));
  });
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, code, seconds });
  console.log(`=== ${name}: ${code === 0 ? 'PASS' : `FAIL (exit ${code})`} in ${seconds.toFixed(0)} s ===`);
}

const failed = results.filter((r) => r.code !== 0);
console.log('');
for (const r of results) console.log(`${r.code === 0 ? 'PASS' : 'FAIL'}  ${r.name.padEnd(18)} ${r.seconds.toFixed(0).padStart(5)} s`);
console.log(`bench: ${results.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.map((r) => r.name).join(', ')})` : ''}`);
process.exit(failed.length ? 1 : 0);
