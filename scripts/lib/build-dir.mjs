// The build folder, resolved one way for every script, config and server (issue 31): an empty
// BUILD_DIR means unset ("build"), as in package.json's `${BUILD_DIR:-build}`, and a folder that is
// the project folder or one above it is refused, since a build empties its folder first.
import path from "node:path";

/**
 * The absolute build folder for `value` (BUILD_DIR by default), inside `root` (the project folder,
 * the working directory by default). Throws when it is `root` or a folder that contains `root`.
 * @param {string | undefined} [value]
 * @param {string} [root]
 * @returns {string}
 */
export function resolveBuildDir(value = process.env.BUILD_DIR, root = process.cwd()) {
  const name = value?.trim() ? value : "build";
  const dir = path.resolve(root, name);
  const fromDir = path.relative(dir, path.resolve(root));
  const outside = fromDir === ".." || fromDir.startsWith(`..${path.sep}`) || path.isAbsolute(fromDir);
  if (!outside)
    throw new Error(
      `BUILD_DIR="${value}" is the project folder or a folder above it (${dir}); a build empties its folder, so it must be a folder of its own, such as "build" or "build-mine".`,
    );
  return dir;
}

/**
 * resolveBuildDir for a command-line script: on a refused folder, prints why and exits with 1.
 * @param {string | undefined} [value]
 * @returns {string}
 */
export function buildDirOrExit(value = process.env.BUILD_DIR) {
  try {
    return resolveBuildDir(value);
  } catch (e) {
    console.error(`Error: ${/** @type {Error} */ (e).message}`);
    process.exit(1);
  }
}
