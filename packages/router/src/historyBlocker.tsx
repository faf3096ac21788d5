import { type ComponentProps, useEffect, useRef } from 'react';
import { BrowserRouter as ReactRouterBrowserRouter } from 'react-router-dom';

/**
 * The browser's Back and Forward buttons, held while a screen has unsaved work.
 *
 * The declarative router has no `useBlocker` (that needs the data router, left out for its size), and
 * a popstate listener added by a screen runs after React Router's own: by then the router has already
 * rendered the next page and unmounted the form. So the listener lives here, added when the page's
 * BrowserRouter first renders — before the router's effect adds its listener — and it holds a
 * traversal only while a screen asks (`useHistoryBlocker`): it stops the event before the router sees
 * it, steps the tab's history back to the screen's entry, and tells the screen how many steps were
 * asked for; `leaveBy(steps)` then takes them. React Router keeps each entry's position in
 * `history.state.idx`, which says where the traversal came from and went to.
 */
interface Hold {
  index: number;
  onBlocked: (steps: number) => void;
}

let hold: Hold | null = null;
let ownTraversal: 'restore' | 'leave' | null = null;
let installed = false;

const entryIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

function onPopState(event: PopStateEvent) {
  if (ownTraversal === 'leave') {
    ownTraversal = null;
    return; // the screen chose to leave: the router takes it from here
  }
  if (ownTraversal === 'restore') {
    ownTraversal = null;
    event.stopImmediatePropagation(); // back on the screen's own entry: nothing for the router to do
    return;
  }
  if (!hold) return;
  const target = entryIndex(event.state);
  if (target === null || target === hold.index) return;
  event.stopImmediatePropagation();
  const steps = target - hold.index;
  ownTraversal = 'restore';
  window.history.go(-steps);
  hold.onBlocked(steps);
}

function installHistoryBlocker() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', onPopState);
}

/** React Router's BrowserRouter, with the Back/Forward hold installed ahead of its own listener. */
export function BrowserRouter(props: ComponentProps<typeof ReactRouterBrowserRouter>) {
  installHistoryBlocker();
  return <ReactRouterBrowserRouter {...props} />;
}

/**
 * While `when` is true, Back or Forward out of the current history entry is undone and
 * `onBlocked(steps)` is called with the steps the visitor asked for (-1 for Back); call
 * `leaveBy(steps)` to take them after all.
 */
export function useHistoryBlocker(when: boolean, onBlocked: (steps: number) => void) {
  const latest = useRef(onBlocked);
  latest.current = onBlocked;
  useEffect(() => {
    if (!when) return;
    const index = entryIndex(window.history.state);
    if (index === null) return;
    const mine: Hold = { index, onBlocked: (steps) => latest.current(steps) };
    hold = mine;
    return () => {
      if (hold === mine) hold = null;
    };
  }, [when]);
}

/** Takes `steps` through the tab's history without asking (after the visitor agreed to leave). */
export function leaveBy(steps: number) {
  ownTraversal = 'leave';
  window.history.go(steps);
}
