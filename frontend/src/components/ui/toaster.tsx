import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../../lib/idle';
import type * as ToasterViewModule from './toaster-view';
import type { ToastOptions } from './toaster-view';

/**
 * `notify({ type: 'error', ... })` shows a toast (the spec's "destructive" one for errors), the
 * newest replacing the one on screen. The toaster itself (Chakra's toast machine) is loaded once
 * the first screen is shown, or by the first `notify`, whichever comes first.
 */
type View = typeof ToasterViewModule;

let view: Promise<View> | undefined;
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function loadView(): Promise<View> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  view ??= import('./toaster-view');
  return view;
}

/**
 * Always asynchronous, even once the toaster is loaded: callers notify from effects (e.g. back from
 * the checkout), and Zag's toast group applies each store change with `flushSync`, which React
 * refuses inside a render or an effect ('flushSync was called from inside a lifecycle method',
 * once for the remove and once for the create). The promise moves both out of React's work.
 */
export function notify(options: ToastOptions): void {
  void loadView().then(async (loaded) => {
    await mounted;
    loaded.show(options);
  });
}

const ToasterView = lazy(() => loadView().then((loaded) => ({ default: loaded.ToasterView })));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const isWanted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => whenIdle(() => void loadView()), []);
  return isWanted ? (
    <Suspense fallback={null}>
      <ToasterView onMount={markMounted} />
    </Suspense>
  ) : null;
}
