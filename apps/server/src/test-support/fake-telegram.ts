import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentTelegramMessage {
  readonly messageId: number;
  readonly chatId: number | string;
  readonly text: string;
  readonly parseMode: string | undefined;
  readonly body: Record<string, unknown>;
}

export interface FakeTelegram {
  /** Give it as TELEGRAM_API_URL. */
  readonly url: string;
  readonly token: string;
  readonly botUsername: string;
  /** Messages the bot sent, accepted ones only, in order. */
  readonly sent: SentTelegramMessage[];
  /** Every call, accepted or not: method and body. */
  readonly calls: { method: string; body: Record<string, unknown>; status: number }[];
  /** Chats that blocked the bot (403). */
  readonly blocked: Set<string>;
  /** Chats that exist; a chat_id outside it is "chat not found" (400). Empty: every numeric id exists. */
  readonly knownChats: Set<string>;
  /** The next `count` sendMessage calls get 429 with this retry_after. */
  throttleNext(count: number, retryAfterSeconds: number): void;
  /** sendMessage requests are held (received, unanswered) until `release()`: a send in flight. */
  hold(): void;
  release(): void;
  /** Resolves when `n` sendMessage requests have arrived (accepted, refused or held). */
  waitForSends(n: number, timeoutMs?: number): Promise<void>;
  /** A user writes to the bot: the next getUpdates returns it. */
  userWrites(message: { chatId: number; text: string; languageCode?: string; chatType?: string }): void;
  close(): Promise<void>;
}

/** HTML tags Telegram's parse_mode=HTML accepts; any other tag is "can't parse entities". */
const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-emoji',
]);

/**
 * A loopback Bot API, strict where Telegram is: `POST /bot<token>/<method>` with JSON (or form) bodies,
 * 401 for a wrong token, 404 for an unknown method, sendMessage's required fields, text length (1–4096) and
 * HTML entities checked, 403 for a chat that blocked the bot, 400 for an unknown chat, 429 with
 * `parameters.retry_after` on demand, getUpdates long polling with offsets.
 */
export async function startFakeTelegram(options: { token?: string } = {}): Promise<FakeTelegram> {
  const token = options.token ?? '7701234567:AAFakeTokenForLoopbackTestsOnly_0123';
  const botUsername = 'spreadscope_test_bot';
  const sent: SentTelegramMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  const blocked = new Set<string>();
  const knownChats = new Set<string>();
  const updates: Record<string, unknown>[] = [];
  let nextUpdateId = 500_000_001;
  let nextMessageId = 1;
  let throttle = { count: 0, retryAfter: 0 };
  let held: (() => void)[] | null = null;
  let sendRequests = 0;
  const sendWaiters: { n: number; resolve: () => void }[] = [];
  const pollers = new Set<() => void>();

  const server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const fail = (status: number, description: string, extra: object = {}) =>
      reply(status, { ok: false, error_code: status, description, ...extra });
    if (!match) return fail(404, 'Not Found');
    const [, presented, rawMethod = ''] = match;
    const method = rawMethod.toLowerCase(); // method names are case-insensitive
    const body = await readBody(req);
    const record = (status: number) => calls.push({ method: rawMethod, body: body ?? {}, status });
    if (presented !== token) {
      record(401);
      return fail(401, 'Unauthorized');
    }
    if (body === null) {
      record(400);
      return fail(400, 'Bad Request: invalid request body');
    }
    if (method === 'getme') {
      record(200);
      return reply(200, {
        ok: true,
        result: {
          id: Number(token.split(':')[0]),
          is_bot: true,
          first_name: 'Spreadscope Test',
          username: botUsername,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        },
      });
    }
    if (method === 'getupdates') return getUpdates(body, res, record);
    if (method !== 'sendmessage') {
      record(404);
      return fail(404, 'Not Found');
    }
    sendRequests += 1;
    for (const waiter of sendWaiters.filter((w) => sendRequests >= w.n)) {
      sendWaiters.splice(sendWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (held) {
      // Received and never answered until released: what a kill -9 mid-send leaves behind.
      await new Promise<void>((resolve) => held?.push(resolve));
    }
    const chatId = body.chat_id;
    const text = body.text;
    if (chatId === undefined || chatId === '') {
      record(400);
      return fail(400, 'Bad Request: chat_id is empty');
    }
    if (typeof text !== 'string' || text.length === 0) {
      record(400);
      return fail(400, 'Bad Request: message text is empty');
    }
    if (throttle.count > 0) {
      throttle.count -= 1;
      record(429);
      return fail(429, `Too Many Requests: retry after ${throttle.retryAfter}`, {
        parameters: { retry_after: throttle.retryAfter },
      });
    }
    const parseMode = typeof body.parse_mode === 'string' ? body.parse_mode : undefined;
    let visible = text;
    if (parseMode === 'HTML') {
      const parsed = parseHtml(text);
      if (typeof parsed !== 'string') {
        record(400);
        return fail(400, `Bad Request: can't parse entities: ${parsed.error}`);
      }
      visible = parsed;
    } else if (parseMode !== undefined && parseMode !== 'MarkdownV2' && parseMode !== 'Markdown') {
      record(400);
      return fail(400, 'Bad Request: unsupported parse_mode');
    }
    if (visible.length > 4096) {
      record(400);
      return fail(400, 'Bad Request: message is too long');
    }
    const chat = String(chatId);
    if (!/^-?\d+$/.test(chat) || (knownChats.size > 0 && !knownChats.has(chat))) {
      record(400);
      return fail(400, 'Bad Request: chat not found');
    }
    if (blocked.has(chat)) {
      record(403);
      return fail(403, 'Forbidden: bot was blocked by the user');
    }
    const messageId = nextMessageId++;
    sent.push({ messageId, chatId: chatId as number | string, text: visible, parseMode, body });
    record(200);
    return reply(200, {
      ok: true,
      result: {
        message_id: messageId,
        from: {
          id: Number(token.split(':')[0]),
          is_bot: true,
          first_name: 'Spreadscope Test',
          username: botUsername,
        },
        chat: { id: Number(chat), first_name: 'Trader', type: Number(chat) < 0 ? 'supergroup' : 'private' },
        date: Math.floor(Date.now() / 1000),
        text: visible,
      },
    });
  });

  function getUpdates(body: Record<string, unknown>, res: ServerResponse, record: (status: number) => void) {
    const offset = typeof body.offset === 'number' ? body.offset : 0;
    // An offset confirms every update below it: Telegram forgets them.
    while (updates.length > 0 && (updates[0]?.update_id as number) < offset) updates.shift();
    const answer = () => {
      record(200);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: true, result: [...updates] }));
    };
    if (updates.length > 0) return answer();
    const timeoutSeconds = typeof body.timeout === 'number' ? body.timeout : 0;
    const timer = setTimeout(done, Math.min(timeoutSeconds, 2) * 1000);
    function done() {
      clearTimeout(timer);
      pollers.delete(done);
      answer();
    }
    pollers.add(done);
  }

  function release() {
    const waiting = held ?? [];
    held = null;
    for (const resolve of waiting) resolve();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    botUsername,
    sent,
    calls,
    blocked,
    knownChats,
    throttleNext(count, retryAfterSeconds) {
      throttle = { count, retryAfter: retryAfterSeconds };
    },
    hold() {
      held = [];
    },
    release,
    waitForSends(n, timeoutMs = 10_000) {
      if (sendRequests >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${sendRequests} of ${n} sendMessage requests arrived`)),
          timeoutMs,
        );
        sendWaiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    userWrites({ chatId, text, languageCode = 'ko', chatType = 'private' }) {
      const entities = text.startsWith('/')
        ? [{ offset: 0, length: text.split(' ')[0]?.length ?? 0, type: 'bot_command' }]
        : undefined;
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          from: { id: Math.abs(chatId), is_bot: false, first_name: 'Trader', language_code: languageCode },
          chat:
            chatType === 'private'
              ? { id: chatId, first_name: 'Trader', type: chatType }
              : { id: chatId, title: 'Desk', type: chatType },
          date: Math.floor(Date.now() / 1000),
          text,
          ...(entities ? { entities } : {}),
        },
      });
      for (const poller of [...pollers]) poller();
    },
    async close() {
      for (const poller of [...pollers]) poller();
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  const type = req.headers['content-type'] ?? '';
  try {
    if (type.startsWith('application/json')) return JSON.parse(raw) as Record<string, unknown>;
    if (type.startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(raw));
  } catch {
    return null;
  }
  return null;
}

/** Checks Telegram-HTML the way the Bot API does (known tags, balanced, entities) and returns the visible text. */
function parseHtml(text: string): string | { error: string } {
  const stack: string[] = [];
  let visible = '';
  const pattern = /<(\/?)([a-z-]+)([^>]*)>|&(lt|gt|amp|quot);|&|<|>/g;
  let last = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    visible += text.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[0] === '&' || m[0] === '<' || m[0] === '>') {
      if (m[0] === '&') return { error: `unsupported start tag or entity at byte offset ${m.index}` };
      return { error: `unexpected ${m[0]} at byte offset ${m.index}` };
    }
    if (m[4]) {
      visible += { lt: '<', gt: '>', amp: '&', quot: '"' }[m[4]];
      continue;
    }
    const name = m[2] ?? '';
    if (!HTML_TAGS.has(name)) return { error: `unsupported start tag "${name}" at byte offset ${m.index}` };
    if (m[1]) {
      if (stack.pop() !== name)
        return { error: `unmatched end tag at byte offset ${m.index}, expected "</${stack.at(-1) ?? ''}>"` };
    } else {
      if (name === 'a' && !/^\s+href="[^"]*"\s*$/.test(m[3] ?? ''))
        return { error: `bad a tag at byte offset ${m.index}` };
      stack.push(name);
    }
  }
  visible += text.slice(last);
  if (stack.length > 0) return { error: `can't find end tag corresponding to start tag "${stack.at(-1)}"` };
  return visible;
}
