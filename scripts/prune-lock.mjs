// The registry this project installs from lacks other platforms' optional native binaries
// (@tailwindcss/oxide-*, @unrs/resolver-binding-*). npm records them in package-lock.json as
// wanted but never resolved, and `npm ci` then refuses the lock. This drops every optional
// dependency the lock never resolved, so `npm ci` installs exactly what is locked.
// Run `npm run lock:prune` after adding or updating a dependency.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const names = Object.keys(lock.packages);
let removed = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const dep of Object.keys(entry.optionalDependencies)) {
    if (!names.some((key) => key.endsWith(`node_modules/${dep}`))) {
      delete entry.optionalDependencies[dep];
      removed += 1;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: dropped ${removed} optional dependencies the registry does not serve`);
