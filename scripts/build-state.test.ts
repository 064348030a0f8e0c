/** `npm start`'s decision to build: only when dist/ is not the build of the sources as they are. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_OUTPUTS, buildDecision, hashInputs, writeManifest } from './build-state.mjs';

let root: string;

async function put(file: string, content: string) {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), content);
}

/** A finished build of the sources as they are now. */
async function built() {
  for (const output of BUILD_OUTPUTS) await put(output, 'built');
  await writeManifest(root, await hashInputs(root));
}

const decide = async () => buildDecision(root, await hashInputs(root));

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'parlour-build-state-'));
  await put('src/client/main.tsx', 'hydrate();');
  await put('src/server/main.ts', 'listen();');
  await put('public/favicon.svg', '<svg/>');
  await put('index.html', '<div id="root"></div>');
  await put('package-lock.json', '{}');
});
afterEach(async () => fs.rm(root, { recursive: true, force: true }));

describe('whether npm start builds', () => {
  it('builds on a new clone, and not again when nothing changed', async () => {
    expect(await decide()).toEqual({ build: true, reason: 'no finished build yet' });
    await built();
    expect(await decide()).toEqual({ build: false });
  });

  it('builds when a source file changes, and names it', async () => {
    await built();
    await put('src/client/main.tsx', 'hydrateRoot();');
    expect(await decide()).toEqual({ build: true, reason: 'src/client/main.tsx changed' });
  });

  it('builds when a file is added or removed, or the locked dependencies change', async () => {
    await built();
    await put('src/client/about.tsx', 'about');
    expect(await decide()).toEqual({ build: true, reason: 'src/client/about.tsx is new' });
    await built();
    await fs.rm(path.join(root, 'public/favicon.svg'));
    expect(await decide()).toEqual({ build: true, reason: 'public/favicon.svg was removed' });
    await built();
    await put('package-lock.json', '{"lockfileVersion":3}');
    expect(await decide()).toEqual({ build: true, reason: 'package-lock.json changed' });
  });

  it('ignores a file touched without a change, and tests, which are not built', async () => {
    await built();
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(root, 'src/server/main.ts'), later, later);
    await put('src/server/main.test.ts', 'it()');
    await put('src/client/test/setup.ts', 'setup()');
    expect(await decide()).toEqual({ build: false });
  });

  it('builds again when the last build did not finish', async () => {
    await built();
    await fs.rm(path.join(root, 'dist/ssr/entry-server.js'));
    expect(await decide()).toEqual({ build: true, reason: 'no finished build yet' });
    await built();
    await fs.rm(path.join(root, 'dist/build-manifest.json'));
    expect(await decide()).toEqual({ build: true, reason: 'the last build left no record of its sources' });
  });

  it('names at most three changed files', async () => {
    await built();
    for (const name of ['a', 'b', 'c', 'd', 'e']) await put(`src/shared/${name}.ts`, name);
    expect(await decide()).toEqual({ build: true, reason: 'src/shared/a.ts is new, src/shared/b.ts is new, src/shared/c.ts is new and 2 more' });
  });
});
