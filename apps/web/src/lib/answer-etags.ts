/**
 * The ETag each table answer came with (REST header, or the one inlined beside the first screen's table), by the
 * answer object itself: a WebSocket subscription sends it as `since`, so the server starts from the table the
 * page already shows instead of sending it again. Held weakly: an answer dropped from the cache takes its tag.
 */
const etags = new WeakMap<object, string>();

export function rememberEtag(answer: unknown, etag: string | null | undefined): void {
  if (etag && typeof answer === 'object' && answer !== null) etags.set(answer, etag);
}

/** The ETag `answer` came with; undefined for anything else (a table built from WebSocket messages, say). */
export function etagOfAnswer(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? etags.get(answer) : undefined;
}
