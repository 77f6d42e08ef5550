/**
 * A tiny typed publisher between modules of one process (wallet changes, listing moments): listeners run
 * synchronously in the order they subscribed; one that throws does not stop the others.
 */
export class Publisher<T> {
  private readonly listeners = new Set<(event: T) => void>();

  on(listener: (event: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: T, onError: (error: unknown) => void = () => undefined): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
