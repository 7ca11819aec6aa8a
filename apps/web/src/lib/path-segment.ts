/**
 * A path segment (or a whole path) decoded once more when it still holds escapes (`Panam%C3%A1` → `Panamá`); as it is when it cannot be
 * decoded (a `%` the visitor typed, already decoded by Next from `%25`), so that a route answers "not found" rather
 * than failing on it.
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
