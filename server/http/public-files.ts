import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The files under `root` (the client build) outside `assets/`, as request paths: public/'s
 * favicon and default avatar. Known when the server starts, so a page's path is never looked up
 * on disk on its way to Remix.
 */
export function publicFilePaths(root: string): Set<string> {
  const paths = new Set<string>();
  if (!existsSync(root)) return paths;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep);
    if (relative[0] !== "assets") paths.add(`/${relative.join("/")}`);
  }
  return paths;
}
