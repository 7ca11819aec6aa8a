/**
 * Values kept in memory up to a total size, the least recently read dropped first: what one process may keep of
 * answers it can make again (the media route's pictures). A value larger than the whole budget is not kept.
 */
export class ByteBoundedCache<Value> {
  private readonly entries = new Map<string, { value: Value; size: number }>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: Value) => number,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // A Map keeps insertion order: reinserting makes this key the most recently read.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value): void {
    const size = this.sizeOf(value);
    this.delete(key);
    if (size > this.maxBytes) return;
    for (const [oldest, entry] of this.entries) {
      if (this.used + size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.size;
    }
    this.entries.set(key, { value, size });
    this.used += size;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.size;
  }

  /** Bytes held now. */
  get size(): number {
    return this.used;
  }
}
