/**
 * A value read once (the first caller waits), then served from memory and read again in the background at
 * most every `refreshMs`; another scope (the market source's mode) is read afresh. A failed refresh keeps the
 * last good value.
 */
export class BackgroundValue<T> {
  private value: { scope: string; data: T } | null = null;
  private loading: Promise<T> | null = null;
  private refreshing = false;
  private readAt = Number.NEGATIVE_INFINITY;
  private generation = 0;
  private fingerprint = '';

  constructor(
    private readonly scope: () => string,
    private readonly read: () => Promise<T>,
    private readonly refreshMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Changes whenever a read brought something different. */
  get version(): number {
    return this.generation;
  }

  async get(): Promise<T> {
    const scope = this.scope();
    if (this.value?.scope !== scope) {
      this.loading ??= this.load(scope).finally(() => {
        this.loading = null;
      });
      return this.loading;
    }
    if (!this.refreshing && this.now() - this.readAt >= this.refreshMs) {
      this.refreshing = true;
      this.load(scope)
        .catch(() => undefined)
        .finally(() => {
          this.refreshing = false;
        });
    }
    return this.value.data;
  }

  private async load(scope: string): Promise<T> {
    this.readAt = this.now();
    const data = await this.read();
    if (this.scope() === scope) {
      // A refresh that read the same thing keeps the version, so cached answers stay good.
      const fingerprint = JSON.stringify(data);
      if (this.value?.scope !== scope || fingerprint !== this.fingerprint) this.generation++;
      this.value = { scope, data };
      this.fingerprint = fingerprint;
    }
    return data;
  }
}
