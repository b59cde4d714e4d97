/**
 * An append-only log that keeps the newest `max` items (console and network
 * buffers). A ring: it never holds more than `max`, and a push is O(1) however
 * full it is.
 */
export class BoundedLog<T> {
  private items: T[] = [];
  /** Where the oldest item is once the ring is full. */
  private start = 0;
  /** How many fell off the front since the last clear. */
  evicted = 0;

  constructor(
    private readonly max: number,
    private readonly onEvict?: (item: T) => void,
  ) {}

  push(item: T): void {
    if (this.items.length < this.max) {
      this.items.push(item);
      return;
    }
    const old = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.max;
    this.evicted++;
    this.onEvict?.(old);
  }

  /** Newest first without copying the log: for reads that stop early (the last few seconds' entries). */
  *fromNewest(): Generator<T> {
    for (let i = this.items.length - 1; i >= 0; i--) yield this.items[(this.start + i) % this.items.length];
  }

  newestFirst(): T[] {
    return [...this.fromNewest()];
  }

  get size(): number {
    return this.items.length;
  }

  /** Empties the log; returns how many entries it held. */
  clear(): number {
    const count = this.items.length;
    this.items = [];
    this.start = 0;
    this.evicted = 0;
    return count;
  }
}
