/**
 * Wraps the Intl constructors a page may build (and `supportedLocalesOf`) so that each use calls `onUse`; returns what
 * puts them back. The browser's first Intl call loads its locale data, which the booking steps keep out of their
 * hydration. Self-contained (no reference outside its body), so a browser test can send its source to the page as an
 * init script.
 */
export function installIntlCounter(onUse: () => void): () => void {
  const names = ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'Locale'] as const;
  const originals = names.map((name) => [name, Intl[name]] as const);
  for (const [name, original] of originals) {
    Object.defineProperty(Intl, name, {
      configurable: true,
      writable: true,
      value: new Proxy(original, {
        construct: (target, args: unknown[]) => {
          onUse();
          return Reflect.construct(target, args) as object;
        },
        get: (target, property) => {
          const value: unknown = Reflect.get(target, property);
          if (property !== 'supportedLocalesOf' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            onUse();
            return Reflect.apply(value, target, args) as unknown;
          };
        },
      }),
    });
  }
  return () => {
    for (const [name, original] of originals) Object.defineProperty(Intl, name, { configurable: true, writable: true, value: original });
  };
}
