// Whether `npm start` must build first: the build is missing, or a file it is built from changed
// after it was written. Modification times are enough here: a checkout or an edit touches the files
// it changes, and walking the sources takes a few milliseconds, where hashing them would not.
import fs from 'node:fs';
import path from 'node:path';

/** What the build writes; the oldest of them is the build's age. */
export const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/web/index.html', 'dist/web/landing.html'];

/** What the build reads: sources, build scripts and configuration, and the installed packages' lock. */
export const BUILD_INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/prerender-landing.mjs',
  'scripts/compress-web.mjs',
];

/** Files under src that are not part of the build. */
const NOT_BUILT = /\.test\.tsx?$|[\\/]test-support[\\/]|[\\/]test[\\/]/;

/**
 * Returns why a build is needed ("no build yet", or the newest changed input), or undefined when the
 * build is newer than every input.
 */
export function buildInputsNewerThanOutputs(root) {
  let builtAt = Infinity;
  for (const output of BUILD_OUTPUTS) {
    const stat = fs.statSync(path.join(root, output), { throwIfNoEntry: false });
    if (!stat) return 'no build yet';
    builtAt = Math.min(builtAt, stat.mtimeMs);
  }
  for (const input of BUILD_INPUTS) {
    const newer = newerFile(path.join(root, input), builtAt);
    if (newer) return `${path.relative(root, newer)} changed`;
  }
  return undefined;
}

function newerFile(file, than) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isDirectory()) return stat.mtimeMs > than && !NOT_BUILT.test(file) ? file : undefined;
  for (const entry of fs.readdirSync(file)) {
    const newer = newerFile(path.join(file, entry), than);
    if (newer) return newer;
  }
  return undefined;
}
