// Whether the built app (dist/) is the build of the sources as they are now: `npm start` builds
// only when it is not. A content hash per file (not mtimes, which a checkout or a copy changes
// without changing anything), recorded when a build starts.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What the build reads. Tests are left out: they do not change what is built. */
export const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json', 'package.json', 'package-lock.json', 'scripts/build.mjs'];
/** What a finished build leaves; a build missing any of them is redone. */
export const BUILD_OUTPUTS = ['dist/client/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'];
export const MANIFEST = 'dist/build-manifest.json';

const isTestFile = (file) => /\.test\.tsx?$/.test(file) || /^src\/(client|server)\/test\//.test(file);

/** Every input file (relative, '/'-separated) with the hash of its content. */
export async function hashInputs(root) {
  const files = {};
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input);
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat) continue;
    const names = stat.isDirectory()
      ? (await fs.readdir(full, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name))
      : [full];
    for (const name of names) {
      const relative = path.relative(root, name).split(path.sep).join('/');
      if (isTestFile(relative)) continue;
      files[relative] = createHash('sha256').update(await fs.readFile(name)).digest('hex');
    }
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * { build: false } when dist/ holds the build of these inputs; otherwise { build: true, reason }
 * with the reason in plain words ('src/client/main.tsx changed').
 */
export async function buildDecision(root, inputs) {
  for (const output of BUILD_OUTPUTS) {
    if (!(await fs.stat(path.join(root, output)).catch(() => undefined))) return { build: true, reason: 'no finished build yet' };
  }
  let manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(root, MANIFEST), 'utf8'));
  } catch {
    return { build: true, reason: 'the last build left no record of its sources' };
  }
  const before = manifest.files ?? {};
  const changed = [];
  for (const [file, hash] of Object.entries(inputs)) if (before[file] !== hash) changed.push(before[file] ? `${file} changed` : `${file} is new`);
  for (const file of Object.keys(before)) if (!(file in inputs)) changed.push(`${file} was removed`);
  if (changed.length === 0) return { build: false };
  const more = changed.length > 3 ? ` and ${changed.length - 3} more` : '';
  return { build: true, reason: `${changed.slice(0, 3).join(', ')}${more}` };
}

export async function writeManifest(root, inputs) {
  await fs.writeFile(path.join(root, MANIFEST), `${JSON.stringify({ builtAt: new Date().toISOString(), files: inputs }, null, 1)}\n`);
}
