import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioMessage {
  readonly sid: string;
  readonly to: string;
  readonly from: string | null;
  readonly messagingServiceSid: string | null;
  readonly body: string;
}

export interface FakeTwilio {
  /** Give it as TWILIO_API_URL. */
  readonly url: string;
  readonly accountSid: string;
  readonly authToken: string;
  /** The account's own number, the only `From` it accepts. */
  readonly from: string;
  /** Messages accepted (201), in order. */
  readonly messages: TwilioMessage[];
  /** Every request: method, path, status answered. */
  readonly calls: { method: string; path: string; status: number }[];
  /** Numbers Twilio refuses, with the error code it gives (21211 invalid, 21614 not a mobile, 21610 opted out). */
  readonly refuse: Map<string, number>;
  /** The next `count` message requests get this answer (a 5xx outage, a 429 with code 20429). */
  failNext(count: number, status: number, code?: number): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{7,14}$/;

function error(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A loopback Programmable Messaging API, strict where Twilio is: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` only, HTTP Basic auth with the Account SID and Auth Token
 * (20003, 401), a form-encoded body with `To` (21604), `From` or `MessagingServiceSid` (21603) and `Body`
 * (21602, at most 1,600 characters: 21617), `To` in E.164 (21211), `From` one of the account's numbers
 * (21606); 201 with the Message resource; errors as `{code, message, more_info, status}`.
 */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const messages: TwilioMessage[] = [];
  const calls: FakeTwilio['calls'] = [];
  const refuse = new Map<string, number>();
  let failures = { count: 0, status: 500, code: 20500 };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match) return error(res, 404, 20404, `The requested resource ${path} was not found`);
    if (req.method !== 'POST') return error(res, 405, 20004, 'Method not allowed');
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    if (!req.headers.authorization?.startsWith('Basic ') || user !== accountSid || password !== authToken) {
      return error(res, 401, 20003, 'Authenticate');
    }
    if (decodeURIComponent(match[1] ?? '') !== accountSid) {
      return error(res, 404, 20404, `The requested resource ${path} was not found`);
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return error(res, 400, 21602, 'Message body is required.');
    }
    const form = new URLSearchParams(await bodyOf(req));
    if (failures.count > 0) {
      failures.count -= 1;
      return error(res, failures.status, failures.code, 'Service unavailable');
    }
    const to = form.get('To');
    const sender = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body');
    if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
    if (!sender && !service) return error(res, 400, 21603, "A 'From' phone number is required.");
    if (!body) return error(res, 400, 21602, 'Message body is required.');
    if (body.length > 1_600)
      return error(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (!E164.test(to)) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (sender && sender !== from) {
      return error(
        res,
        400,
        21606,
        "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account.",
      );
    }
    const refused = refuse.get(to);
    if (refused !== undefined) return error(res, 400, refused, `Message cannot be sent to ${to}.`);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from: sender, messagingServiceSid: service, body });
    const now = new Date().toUTCString().replace('GMT', '+0000');
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: sender,
        messaging_service_sid: service,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res)
      .catch(() => error(res, 500, 20500, 'Internal Server Error'))
      .finally(() => calls.push({ method: req.method ?? '', path: req.url ?? '', status: res.statusCode }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    messages,
    calls,
    refuse,
    failNext(count, status, code = status === 429 ? 20429 : 20500) {
      failures = { count, status, code };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
