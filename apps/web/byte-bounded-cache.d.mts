export class ByteBoundedCache<Key, Value> {
  constructor(maxWeight: number, weightOf: (value: Value, key: Key) => number);
  get(key: Key): Value | undefined;
  has(key: Key): boolean;
  set(key: Key, value: Value): void;
  delete(key: Key): void;
  readonly weight: number;
  readonly count: number;
}
