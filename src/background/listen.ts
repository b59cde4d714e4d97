/**
 * Subscribes to several extension events at once and returns one function
 * that unsubscribes them all, so a wait cannot leak a listener on any path.
 */
interface Subscribable<F> {
  addListener(listener: F): void;
  removeListener(listener: F): void;
}

export type Subscription = [Subscribable<never>, unknown];

/** Pairs of [event, listener]; typed per pair with `on(event, listener)`. */
export function on<F>(event: Subscribable<F>, listener: F): Subscription {
  return [event as Subscribable<never>, listener];
}

export function listenAll(subscriptions: Subscription[]): () => void {
  for (const [event, listener] of subscriptions) event.addListener(listener as never);
  return () => {
    for (const [event, listener] of subscriptions) event.removeListener(listener as never);
  };
}
