// `npm run build`: the site (dist/client), the server's page renderer (dist/ssr) and the server
// (dist/server), then a record of the sources it was built from (dist/build-manifest.json), which
// `npm start` compares to decide whether to build again. The sources are read before building,
// so a file saved during the build is seen as changed next time.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashInputs, writeManifest } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (exit ${code})`))));
  });
}

const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

export async function build() {
  const inputs = await hashInputs(root);
  await run(process.execPath, [vite, 'build', '--logLevel', 'warn']);
  await run(process.execPath, [vite, 'build', '--ssr', 'src/client/entry-server.tsx', '--logLevel', 'warn']);
  await run(process.execPath, [tsc, '-p', 'tsconfig.server.json']);
  await writeManifest(root, inputs);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await build();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
