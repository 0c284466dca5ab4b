/**
 * What a virtualized view holds of values a worker makes: those of the rows on screen and around
 * them, asked for in one call per render and forgotten least recently used first, so the page
 * holds a few screens' worth whatever the payload's size. The Tree's labels and the Table's cells
 * are kept this way.
 */
export class FetchedWindow<Value> {
  private readonly held = new Map<number, Value>();
  private readonly pending = new Set<number>();
  private closed = false;

  /**
   * @param fetch answers the values of `keys`, in the same order (null: nothing to ask yet)
   * @param onLoaded called when values arrive (the view re-renders)
   */
  constructor(
    private readonly fetch: ((keys: number[]) => Promise<readonly Value[]>) | null,
    private readonly onLoaded: () => void,
    private readonly maxHeld: number,
  ) {}

  /** The key's value, or undefined while it is being fetched. */
  get(key: number): Value | undefined {
    return this.held.get(key);
  }

  /** Fetches, in one call, the values of `keys` that are neither held nor on their way. */
  want(keys: Iterable<number>): void {
    if (!this.fetch || this.closed) return;
    const missing: number[] = [];
    for (const key of keys) {
      const value = this.held.get(key);
      if (value !== undefined) {
        // Most recently used last: a Map iterates in insertion order.
        this.held.delete(key);
        this.held.set(key, value);
      } else if (!this.pending.has(key)) {
        missing.push(key);
        this.pending.add(key);
      }
    }
    if (missing.length === 0) return;
    void this.fetch(missing).then(
      (values) => {
        for (const key of missing) this.pending.delete(key);
        if (this.closed) return;
        this.keep(missing, values);
        this.onLoaded();
      },
      () => {
        for (const key of missing) this.pending.delete(key);
      },
    );
  }

  /**
   * Holds values that came another way (with an answer the view asked for anyway), as if
   * fetched; tells no one (the view re-renders with that answer).
   */
  put(keys: readonly number[], values: readonly Value[]): void {
    if (this.closed) return;
    this.keep(keys, values);
  }

  private keep(keys: readonly number[], values: readonly Value[]): void {
    keys.forEach((key, i) => {
      const value = values[i];
      if (value === undefined) return;
      this.held.delete(key);
      this.held.set(key, value);
    });
    while (this.held.size > this.maxHeld) {
      const oldest = this.held.keys().next().value;
      if (oldest === undefined) break;
      this.held.delete(oldest);
    }
  }

  /** Stops fetching (the view went away); values on their way are dropped. */
  close(): void {
    this.closed = true;
  }

  /** Fetches again: the same view mounted again (React's StrictMode mounts twice). */
  open(): void {
    this.closed = false;
  }

  /** How many values are held (tests). */
  get size(): number {
    return this.held.size;
  }
}
