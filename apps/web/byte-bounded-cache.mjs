// Values kept in memory up to a total weight, the least recently read dropped first: what one process may keep of
// answers it can make again. Plain JavaScript beside server.mjs because both the production server (server-response.mjs,
// not bundled) and the app (the media route's pictures) use it.

export class ByteBoundedCache {
  /** @type {Map<unknown, { value: unknown; weight: number }>} */
  #entries = new Map();
  #weight = 0;
  #maxWeight;
  #weightOf;

  /**
   * @param {number} maxWeight what all the kept entries may weigh together, in bytes
   * @param {(value: unknown, key: unknown) => number} weightOf what one entry weighs (a key that is kept too may count)
   */
  constructor(maxWeight, weightOf) {
    this.#maxWeight = maxWeight;
    this.#weightOf = weightOf;
  }

  get(key) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // A Map keeps insertion order: reinserting makes this key the most recently read.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Whether `key` is kept, without making it the most recently read. */
  has(key) {
    return this.#entries.has(key);
  }

  /** Keeps `value` unless it alone weighs more than the whole budget; the least recently read make room for it. */
  set(key, value) {
    const weight = this.#weightOf(value, key);
    this.delete(key);
    if (weight > this.#maxWeight) return;
    for (const [oldest, entry] of this.#entries) {
      if (this.#weight + weight <= this.#maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
  }

  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  /** What the kept entries weigh now. */
  get weight() {
    return this.#weight;
  }

  /** How many entries are kept. */
  get count() {
    return this.#entries.size;
  }
}
