/**
 * Errors as they may be logged. A failed Drizzle query carries its bound parameters — in its `params` and
 * in its very message and stack ("Failed query: … params: a@b.example,…") — and PostgreSQL's own error adds
 * a `detail` that quotes the row ("Key (email)=(…) already exists"). Logged as they are, they would copy
 * users' addresses, tokens' hashes and settings into the operator's log. This keeps what helps the operator
 * (the query text, the database's reason and SQLSTATE, where in our code) and drops every value.
 */
export interface LoggableError {
  readonly type: string;
  readonly message: string;
  readonly code?: string;
  readonly stack?: string;
  readonly cause?: LoggableError;
}

/** The database's own reason, capped: a few messages quote an input ("invalid input syntax … "x""). */
const MAX_REASON = 200;

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error value thrown' };
  const query = failedQueryText(error);
  const message = query !== undefined ? `Failed query: ${query}` : error.message.slice(0, MAX_REASON);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause !== undefined && depth < 3 ? loggableError(error.cause, depth + 1) : undefined;
  return {
    type: error.name,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    // The stack's first line repeats the message (params included); the frames alone say where.
    ...(error.stack ? { stack: framesOf(error.stack) } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** The SQL text of a Drizzle DrizzleQueryError (it keeps `query` and `params` as own properties). */
function failedQueryText(error: Error): string | undefined {
  const candidate = error as { query?: unknown; params?: unknown };
  return typeof candidate.query === 'string' && 'params' in candidate ? candidate.query : undefined;
}

function framesOf(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
