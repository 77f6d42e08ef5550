/** Typed-array columns that grow by doubling, so the hot path indexes numbers instead of objects. */
export class Float64Column {
  private data: Float64Array;
  constructor(
    capacity = 1024,
    private readonly fill = Number.NaN,
  ) {
    this.data = new Float64Array(capacity).fill(fill);
  }
  get array(): Float64Array {
    return this.data;
  }
  ensure(size: number): void {
    if (size <= this.data.length) return;
    let capacity = this.data.length;
    while (capacity < size) capacity *= 2;
    const next = new Float64Array(capacity).fill(this.fill);
    next.set(this.data);
    this.data = next;
  }
  /** Takes over a rebuilt array (same meaning per index, new order). */
  adopt(data: Float64Array<ArrayBuffer>): void {
    this.data = data;
  }
}

export class Int32Column {
  private data: Int32Array;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  get array(): Int32Array {
    return this.data;
  }
  ensure(size: number): void {
    if (size <= this.data.length) return;
    let capacity = this.data.length;
    while (capacity < size) capacity *= 2;
    const next = new Int32Array(capacity);
    next.set(this.data);
    this.data = next;
  }
  adopt(data: Int32Array<ArrayBuffer>): void {
    this.data = data;
  }
}

export class Uint8Column {
  private data: Uint8Array;
  constructor(capacity = 1024) {
    this.data = new Uint8Array(capacity);
  }
  get array(): Uint8Array {
    return this.data;
  }
  ensure(size: number): void {
    if (size <= this.data.length) return;
    let capacity = this.data.length;
    while (capacity < size) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.data);
    this.data = next;
  }
  adopt(data: Uint8Array<ArrayBuffer>): void {
    this.data = data;
  }
}

/** An append-only list of integers in a typed array (combination indices of one table). */
export class IntList {
  private data = new Int32Array(1024);
  length = 0;
  get array(): Int32Array {
    return this.data;
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  clear(): void {
    this.length = 0;
  }
}
