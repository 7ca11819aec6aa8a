'use client';

import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code the page fetches only once it has hydrated: its module is a chunk of its own, out of the
 * page's first-load JavaScript, and it renders nothing until that chunk has arrived. For page furniture that draws
 * nothing in the server's HTML and only reacts to what happens in the browser (watchers, the loading bar). A chunk
 * that fails to load leaves the page as it is, without that component (next/dynamic would throw into the error
 * screen instead).
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  function AfterHydration(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    useEffect(() => {
      let mounted = true;
      load().then(
        (component) => {
          if (mounted) setLoaded(() => component);
        },
        () => undefined,
      );
      return () => {
        mounted = false;
      };
    }, []);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return AfterHydration;
}
