/** An Int32Array that grows by doubling; `toArray()` returns a right-sized copy to transfer. */
export class GrowableIntArray {
  private data: Int32Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Int32Array(Math.max(16, initialCapacity));
  }

  push(value: number): number {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length] = value;
    return this.length++;
  }

  get(index: number): number {
    return this.data[index] ?? 0;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}
