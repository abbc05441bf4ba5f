/**
 * One `abort` listener per caller signal, however many calls share it. A request-scoped signal
 * often serves many calls at once, and Node warns past 10 listeners on one AbortSignal
 * (MaxListenersExceededWarning); each call here adds to and removes from a set instead.
 */
const watchers = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `callback` once when `signal` aborts (which it has not yet); the function returned stops watching. */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = watchers.get(signal);
  if (!callbacks) {
    const fresh = new Set<() => void>();
    callbacks = fresh;
    watchers.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        watchers.delete(signal);
        for (const each of fresh) each();
      },
      { once: true },
    );
  }
  const own = callbacks;
  own.add(callback);
  return () => void own.delete(callback);
}
