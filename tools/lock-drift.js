#!/usr/bin/env node
// Usage: node tools/lock-drift.js <committed-lock> <resolved-lock>
// Exits 0 when the resolved lock differs from the committed one only by optional packages
// (other platforms' native builds, which the registry may or may not serve), 1 otherwise.
// Plain Node with no dependencies: it runs before `npm ci` has installed anything.
const { readFileSync } = require('node:fs');

const [committedPath, resolvedPath] = process.argv.slice(2);
const committed = JSON.parse(readFileSync(committedPath, 'utf8')).packages ?? {};
const resolved = JSON.parse(readFileSync(resolvedPath, 'utf8')).packages ?? {};

const drift = [];
for (const key of new Set([...Object.keys(committed), ...Object.keys(resolved)])) {
  const before = committed[key];
  const after = resolved[key];
  if (JSON.stringify(before) === JSON.stringify(after)) continue;
  const onlyOneSide = before === undefined || after === undefined;
  if (onlyOneSide && (before ?? after).optional === true) continue;
  drift.push(key || '(root)');
}

if (drift.length > 0) {
  console.error(`package-lock.json differs from package.json at: ${drift.slice(0, 10).join(', ')}`);
  process.exit(1);
}
