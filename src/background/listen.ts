/**
 * Subscribes to several extension events at once and returns one function
 * that unsubscribes them all, so a wait cannot leak a listener on any path.
 *
 * Each extension event gets one listener of ours for the worker's lifetime,
 * which hands events to the current subscribers: adding the first listener to
 * an extension event, and removing the last, is a round trip to the browser
 * process, and every action used to pay for seven of each (actions/effects.ts).
 */
interface Subscribable<F> {
  addListener(listener: F): void;
  removeListener(listener: F): void;
}

export type Subscription = [Subscribable<never>, unknown];

type Listener = (...args: unknown[]) => void;

const subscribers = new Map<Subscribable<never>, Set<Listener>>();

/** Pairs of [event, listener]; typed per pair with `on(event, listener)`. */
export function on<F>(event: Subscribable<F>, listener: F): Subscription {
  return [event as Subscribable<never>, listener];
}

function subscribe(event: Subscribable<never>, listener: Listener): () => void {
  let set = subscribers.get(event);
  if (!set) {
    const current = (set = new Set());
    subscribers.set(event, current);
    event.addListener(((...args: unknown[]) => {
      for (const subscriber of [...current]) {
        // As the browser does for its own listeners: one that throws does not stop the others.
        try {
          subscriber(...args);
        } catch (error) {
          console.error(error);
        }
      }
    }) as never);
  }
  set.add(listener);
  const added = set;
  return () => added.delete(listener);
}

export function listenAll(subscriptions: Subscription[]): () => void {
  const unsubscribe = subscriptions.map(([event, listener]) => subscribe(event, listener as Listener));
  return () => {
    for (const off of unsubscribe) off();
  };
}
