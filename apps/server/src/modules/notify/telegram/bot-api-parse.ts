import { z } from 'zod';
import { dead, retry, type SendOutcome, sent } from '../channel.ts';

/**
 * The Telegram Bot API's wire format, read without I/O. Every answer is `{ok, result}` or
 * `{ok: false, error_code, description, parameters?: {retry_after, migrate_to_chat_id}}` (Bot API "Making
 * requests"); descriptions are Telegram's own English text, safe to keep in the history (no token in them).
 */
const failureSchema = z.object({
  ok: z.literal(false),
  error_code: z.number().int(),
  description: z.string().default(''),
  parameters: z
    .object({ retry_after: z.number().optional(), migrate_to_chat_id: z.number().optional() })
    .optional(),
});

const messageSchema = z.object({
  message_id: z.number().int(),
  chat: z.object({ id: z.number().int(), type: z.string() }),
  date: z.number().int(),
  text: z.string().optional(),
});

const userSchema = z.object({
  id: z.number().int(),
  is_bot: z.boolean(),
  first_name: z.string(),
  username: z.string().optional(),
  language_code: z.string().optional(),
});

const updateSchema = z.object({
  update_id: z.number().int(),
  message: messageSchema.extend({ from: userSchema.optional() }).optional(),
});

export type BotApiAnswer<T> =
  | { readonly ok: true; readonly result: T }
  | {
      readonly ok: false;
      readonly code: number;
      readonly description: string;
      readonly retryAfterSeconds?: number | undefined;
    };

/** An answer's envelope; `result` is left to the method's own reader. Unreadable bodies count as the HTTP status. */
export function parseEnvelope(status: number, body: unknown): BotApiAnswer<unknown> {
  if (typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === true) {
    return { ok: true, result: (body as { result?: unknown }).result };
  }
  const failure = failureSchema.safeParse(body);
  if (failure.success) {
    return {
      ok: false,
      code: failure.data.error_code,
      description: failure.data.description,
      retryAfterSeconds: failure.data.parameters?.retry_after,
    };
  }
  return { ok: false, code: status, description: `HTTP ${status}` };
}

export function parseSentMessage(result: unknown): { messageId: number; chatId: number } {
  const message = messageSchema.parse(result);
  return { messageId: message.message_id, chatId: message.chat.id };
}

export function parseBotUsername(result: unknown): string {
  return userSchema.parse(result).username ?? '';
}

export interface StartCommand {
  readonly updateId: number;
  readonly chatId: number;
  readonly chatType: string;
  readonly language: 'ko' | 'en';
}

/**
 * The `/start` commands in a getUpdates result (also `/start@bot` and `/start <payload>`), and the highest
 * update_id seen, which the next poll's offset must pass so Telegram forgets them. Other updates are skipped.
 */
export function parseStartCommands(result: unknown): {
  commands: StartCommand[];
  lastUpdateId: number | null;
} {
  const updates = z.array(z.unknown()).parse(result);
  const commands: StartCommand[] = [];
  let lastUpdateId: number | null = null;
  for (const raw of updates) {
    const id = (raw as { update_id?: unknown })?.update_id;
    if (typeof id === 'number') lastUpdateId = Math.max(lastUpdateId ?? id, id);
    const update = updateSchema.safeParse(raw);
    const message = update.success ? update.data.message : undefined;
    if (!update.success || !message?.text) continue;
    if (!/^\/start(@\w+)?(\s|$)/.test(message.text)) continue;
    commands.push({
      updateId: update.data.update_id,
      chatId: message.chat.id,
      chatType: message.chat.type,
      language: message.from?.language_code?.startsWith('ko') ? 'ko' : 'en',
    });
  }
  return { commands, lastUpdateId };
}

/**
 * What a failed sendMessage means for the delivery. 429 waits the time Telegram names; 400 "chat not found",
 * 403 (blocked, kicked, deactivated) and 401 (the token is wrong) will not heal by retrying; other errors
 * (5xx, 409, a parse error) are retried.
 */
export function outcomeOfFailure(answer: Extract<BotApiAnswer<unknown>, { ok: false }>): SendOutcome {
  const reason = answer.description || `HTTP ${answer.code}`;
  if (answer.code === 429) return retry(reason, (answer.retryAfterSeconds ?? 1) * 1000);
  if (answer.code === 403 || answer.code === 401) return dead(reason);
  if (answer.code === 400) {
    // A group upgraded to a supergroup has a new id: the old one will never work again.
    return dead(reason);
  }
  return retry(reason);
}

export function outcomeOfSend(status: number, body: unknown): SendOutcome {
  const answer = parseEnvelope(status, body);
  if (!answer.ok) return outcomeOfFailure(answer);
  const { messageId } = parseSentMessage(answer.result);
  return sent(String(messageId));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Telegram's HTML parse mode needs &, <, > (and " inside attributes) escaped; nothing else is special. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Telegram refuses a text longer than 4096 characters (after entities): long bodies are cut with an ellipsis. */
export const TELEGRAM_TEXT_MAX = 4096;

/** The sendMessage body of one alert: title in bold, the body, and a link to the product, no preview. */
export function alertMessage(input: {
  chatId: string;
  title: string;
  body: string;
  link: string | null;
  linkLabel: string;
}): Record<string, unknown> {
  const head = `<b>${escapeHtml(input.title)}</b>\n`;
  const tail = input.link ? `\n<a href="${escapeHtml(input.link)}">${escapeHtml(input.linkLabel)}</a>` : '';
  const room = TELEGRAM_TEXT_MAX - head.length - tail.length;
  let body = escapeHtml(input.body);
  if (body.length > room) body = `${body.slice(0, Math.max(0, room - 1)).replace(/&[a-z]*$/, '')}…`;
  return {
    chat_id: /^-?\d+$/.test(input.chatId) ? Number(input.chatId) : input.chatId,
    text: `${head}${body}${tail}`,
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
  };
}
