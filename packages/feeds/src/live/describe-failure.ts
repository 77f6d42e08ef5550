import type { HttpTrace } from './http-seam.ts';

/**
 * Turns a failed poll into a short sentence for operators ("DNS lookup failed for api.upbit.com",
 * "HTTP 429 (rate limited) from api.binance.com"). ccxt wraps transport errors in its own classes with the
 * cause in the message; the HTTP status comes from our fetch seam's trace, which is more reliable than
 * parsing each venue's error body.
 */

const MAX_DETAIL = 160;

function hostOf(url: string | null): string {
  if (!url) return 'the venue';
  try {
    return new URL(url).host;
  } catch {
    return 'the venue';
  }
}

function messages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  // Follow `cause` a few levels: fetch puts the socket error there.
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`);
      const code = (current as NodeJS.ErrnoException).code;
      if (code) parts.push(code);
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(' | ');
}

function short(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL - 1)}…` : oneLine;
}

function statusWords(status: number): string {
  if (status === 429) return ' (rate limited)';
  if (status === 418) return ' (blocked for exceeding rate limits)';
  if (status === 403 || status === 451) return ' (refused; region or IP blocked?)';
  if (status >= 500) return ' (venue server error)';
  return '';
}

/** Removes configured secrets and URL query strings (signed requests carry signatures there). */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(/(https?|wss?):\/\/([^\s?"']+)\?[^\s"']*/g, '$1://$2?…');
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('***');
  }
  return out;
}

export function describeFailure(
  error: unknown,
  trace: HttpTrace,
  timeoutMs: number,
  secrets: readonly (string | undefined)[] = [],
): string {
  return redact(describe(error, trace, timeoutMs), secrets);
}

function describe(error: unknown, trace: HttpTrace, timeoutMs: number): string {
  const host = hostOf(trace.lastUrl);
  if (trace.lastStatus !== null && trace.lastStatus >= 400) {
    return `HTTP ${trace.lastStatus}${statusWords(trace.lastStatus)} from ${host}`;
  }
  const text = messages(error);
  const dns = /(?:ENOTFOUND|EAI_AGAIN)\s+([\w.-]+)/.exec(text);
  if (dns || /getaddrinfo|ENOTFOUND|EAI_AGAIN|DNSError/.test(text)) {
    return `DNS lookup failed for ${dns?.[1] ?? host}`;
  }
  const closed = /closed by remote server, closing code (\d+)/.exec(text);
  if (closed) return `the venue closed the WebSocket (code ${closed[1]})`;
  if (/ping-pong keepalive/.test(text)) return 'WebSocket stopped answering pings';
  if (/ECONNREFUSED|ConnectionRefused/.test(text)) return `connection refused by ${host}`;
  if (/ECONNRESET|socket hang up|other side closed|ConnectionReset/.test(text)) {
    return `connection reset by ${host}`;
  }
  if (/RequestTimeout|timed out|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT/.test(text)) {
    return `no answer from ${host} within ${Math.round(timeoutMs / 1000)} s`;
  }
  if (/certificate|CERT_|SSL routines|TLS|EPROTO/.test(text)) return `TLS problem talking to ${host}`;
  if (/redirect/i.test(text)) return `unexpected redirect from ${host}`;
  const detail = error instanceof Error ? error.message : String(error);
  if (trace.lastStatus !== null) return `unreadable response from ${host}: ${short(detail)}`;
  return `request to ${host} failed: ${short(detail)}`;
}
