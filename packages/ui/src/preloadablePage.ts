import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A page loaded on demand that renders at once when its module is already there (a first visit's
 * page, started by its remote's `./routes` module before the shell renders): no suspending, so the
 * shell's first screen shows it directly instead of a loading state (issue 10). Whether it suspends
 * is decided once per mount, so a later render never swaps it (no remount).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature
export function preloadablePage<P extends Record<string, any> = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  let module: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    load().then((m) => {
      module = m.default;
      return m;
    });
  const Lazy = lazy(loadAndKeep);
  function Page(props: P) {
    const [Loaded] = useState(() => module);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return { Page, load: loadAndKeep };
}
