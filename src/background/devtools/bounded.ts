/** An append-only log that keeps the newest `max` items (console and network buffers). */
export class BoundedLog<T> {
  private items: T[] = [];
  /** How many fell off the front since the last clear. */
  evicted = 0;

  constructor(
    private readonly max: number,
    private readonly onEvict?: (item: T) => void,
  ) {}

  push(item: T): void {
    this.items.push(item);
    // Trim in batches: Array#shift on every push would be O(n) each time.
    if (this.items.length > this.max * 1.1) {
      const excess = this.items.length - this.max;
      for (const item of this.items.splice(0, excess)) this.onEvict?.(item);
      this.evicted += excess;
    }
  }

  newest(): T | undefined {
    return this.items.at(-1);
  }

  newestFirst(): T[] {
    return this.items.slice(-this.max).reverse();
  }

  get size(): number {
    return Math.min(this.items.length, this.max);
  }

  /** Empties the log; returns how many entries it held. */
  clear(): number {
    const count = this.size;
    this.items = [];
    this.evicted = 0;
    return count;
  }
}
