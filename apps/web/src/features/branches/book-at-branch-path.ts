/** The page that starts a search at a branch (`/sucursales/pty/reservar`), without the language prefix. */
export function bookAtBranchPath(code: string): string {
  return `/sucursales/${encodeURIComponent(code.trim().toLowerCase())}/reservar`;
}

/** The branch a `/sucursales/<code>/reservar` segment names, among the branches' codes; undefined for none. */
export function branchOfSegment<Item extends { code: string }>(segment: string, branches: readonly Item[]): Item | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const wanted = decoded.trim().toLowerCase();
  return branches.find((branch) => branch.code.trim().toLowerCase() === wanted);
}
