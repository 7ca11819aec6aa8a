// A content hash of source files, for the builds that run only when their inputs changed (the storefront's, the
// content service's extensions): a stamp of it is kept beside the build's output.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * sha256 of the files under `paths` (relative to `root`; files or folders, missing ones ignored): each file's path and
 * bytes, in a stable order. `skip(path)` leaves a file or folder out.
 */
export function hashTree(root, paths, skip = () => false) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path) || skip(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    } else {
      hash.update(relative(root, path));
      hash.update(readFileSync(path));
    }
  };
  for (const path of paths) visit(join(root, path));
  return hash.digest('hex');
}
