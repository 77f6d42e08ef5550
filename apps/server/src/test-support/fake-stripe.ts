import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the parts of Stripe's API billing uses, on loopback, answering the paths and shapes the real
 * SDK sends and reads: form-encoded requests (`line_items[0][price]=…`), Bearer secret keys, list objects,
 * Stripe's error body. Subscriptions carry their periods on the items (API 2025-03-31.basil and later) and
 * invoices name their subscription under `parent.subscription_details`. The test drives time at Stripe
 * (trial end, renewal, failed payment, deletion) with the methods below, each returning the events Stripe
 * would send; `signed` signs one with the SDK's own test-header helper.
 */
export interface FakeStripe {
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Every request as received: method, path and the decoded form or query. */
  readonly requests: { method: string; path: string; params: Record<string, unknown> }[];
  readonly subscriptions: Map<string, StripeSub>;
  /** Stripe's clock (epoch seconds); the test moves it. */
  now: number;
  completeCheckout(sessionId: string): StripeEvent[];
  /** The trial ends or the period renews: a paid invoice and the subscription updated. */
  renew(subId: string): StripeEvent[];
  failPayment(subId: string): StripeEvent[];
  setStatus(subId: string, status: string): StripeEvent[];
  /** Cancelled at Stripe (immediately). */
  remove(subId: string): StripeEvent[];
  signed(
    event: StripeEvent,
    options?: { secret?: string; timestamp?: number },
  ): { payload: string; header: string };
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: Record<string, unknown> };
}

export interface StripeSub {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  currency: string;
  items: { object: 'list'; data: Record<string, unknown>[] };
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  default_payment_method: string | null;
}

type Params = Record<string, unknown>;

/** `a[b][0][c]=v` pairs into nested objects, as Stripe reads them. */
export function decodeForm(text: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Params;
      }
    });
  }
  return out;
}

const DAY = 86_400;
const prices: Record<string, { amount: number; interval: 'month' | 'year' }> = {
  price_starter_month: { amount: 2900, interval: 'month' },
  price_starter_year: { amount: 27100, interval: 'year' },
  price_pro_month: { amount: 5900, interval: 'month' },
  price_pro_year: { amount: 55200, interval: 'year' },
  price_plus_month: { amount: 9900, interval: 'month' },
  price_plus_year: { amount: 92600, interval: 'year' },
};

/** The price list the fake sells, as an operator would put it in PRICING_FILE. */
export const FAKE_STRIPE_PRICING = {
  currency: 'USD',
  trialDays: 7,
  earlyBird: null,
  referralFreeMonths: 1,
  plans: {
    starter: {
      month: 2900,
      year: 27100,
      stripePrice: { month: 'price_starter_month', year: 'price_starter_year' },
    },
    pro: { month: 5900, year: 55200, stripePrice: { month: 'price_pro_month', year: 'price_pro_year' } },
    pro_plus: {
      month: 9900,
      year: 92600,
      stripePrice: { month: 'price_plus_month', year: 'price_plus_year' },
    },
  },
};

export async function startFakeStripe(startMs = Date.now()): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake_0123456789';
  const webhookSecret = 'whsec_fake_0123456789';
  const sdk = new Stripe(secretKey);
  let seq = 0;
  const id = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const customers = new Map<string, Params>();
  const sessions = new Map<string, Params>();
  const subscriptions = new Map<string, StripeSub>();
  const invoices = new Map<string, Params>();
  const requests: FakeStripe['requests'] = [];
  let url = '';

  const addPeriod = (from: number, interval: 'month' | 'year') =>
    from + (interval === 'year' ? 365 : 30) * DAY;
  const item = (sub: StripeSub) => sub.items.data[0] as Params & { current_period_end: number };
  const priceObj = (priceId: string) => {
    const p = prices[priceId];
    if (!p) throw new Error(`no such price ${priceId}`);
    return {
      id: priceId,
      object: 'price',
      unit_amount: p.amount,
      currency: 'usd',
      recurring: { interval: p.interval },
    };
  };
  const event = (type: string, object: Params): StripeEvent => ({
    id: id('evt'),
    object: 'event',
    type,
    created: fake.now,
    api_version: '2025-10-29.clover',
    livemode: false,
    data: { object: structuredClone(object) },
  });
  const invoice = (sub: StripeSub, amount: number, status: 'paid' | 'open', lines?: Params[]): Params => {
    const it = item(sub);
    const inv: Params = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      number: `FAKE-${seq}`,
      status,
      currency: 'usd',
      subtotal: amount,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      created: fake.now,
      invoice_pdf: `${url}/invoice/pdf/${seq}`,
      hosted_invoice_url: `${url}/invoice/${seq}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
      lines: {
        object: 'list',
        data: lines ?? [
          {
            object: 'line_item',
            amount,
            description: `1 × plan (at ${amount} / ${(it.price as Params).recurring && ((it.price as Params).recurring as Params).interval})`,
            period: { start: it.current_period_start, end: it.current_period_end },
          },
        ],
      },
    };
    invoices.set(inv.id as string, inv);
    return inv;
  };

  const fake: FakeStripe = {
    get url() {
      return url;
    },
    secretKey,
    webhookSecret,
    requests,
    subscriptions,
    now: Math.floor(startMs / 1000),
    completeCheckout(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error('no such session');
      const data = (s.subscription_data ?? {}) as Params;
      const line = ((s.line_items as Params)['0'] ?? {}) as Params;
      const price = priceObj(String(line.price));
      const trialDays = data.trial_period_days ? Number(data.trial_period_days) : 0;
      const trialEnd = data.trial_end
        ? Number(data.trial_end)
        : trialDays > 0
          ? fake.now + trialDays * DAY
          : null;
      const sub: StripeSub = {
        id: id('sub'),
        object: 'subscription',
        customer: String(s.customer),
        status: trialEnd ? 'trialing' : 'active',
        currency: 'usd',
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price,
              current_period_start: fake.now,
              current_period_end:
                trialEnd ?? addPeriod(fake.now, price.recurring.interval as 'month' | 'year'),
            },
          ],
        },
        trial_end: trialEnd,
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        metadata: (data.metadata ?? {}) as Record<string, string>,
        default_payment_method: id('pm'),
      };
      subscriptions.set(sub.id, sub);
      s.subscription = sub.id;
      s.status = 'complete';
      const inv = invoice(sub, trialEnd ? 0 : price.unit_amount, 'paid');
      return [
        event('checkout.session.completed', s),
        event('customer.subscription.created', sub as unknown as Params),
        event('invoice.paid', inv),
      ];
    },
    renew(subId) {
      const sub = must(subId);
      const it = item(sub);
      const price = it.price as { unit_amount: number; recurring: { interval: 'month' | 'year' } };
      fake.now = Math.max(fake.now, it.current_period_end);
      it.current_period_start = it.current_period_end;
      it.current_period_end = addPeriod(it.current_period_end, price.recurring.interval);
      sub.status = 'active';
      const inv = invoice(sub, price.unit_amount, 'paid');
      return [event('invoice.paid', inv), event('customer.subscription.updated', sub as unknown as Params)];
    },
    failPayment(subId) {
      const sub = must(subId);
      sub.status = 'past_due';
      const inv = invoice(sub, (item(sub).price as { unit_amount: number }).unit_amount, 'open');
      return [
        event('invoice.payment_failed', inv),
        event('customer.subscription.updated', sub as unknown as Params),
      ];
    },
    setStatus(subId, status) {
      const sub = must(subId);
      sub.status = status;
      return [
        event(
          status === 'paused' ? 'customer.subscription.paused' : 'customer.subscription.updated',
          sub as unknown as Params,
        ),
      ];
    },
    remove(subId) {
      const sub = must(subId);
      sub.status = 'canceled';
      sub.canceled_at = fake.now;
      sub.ended_at = fake.now;
      return [event('customer.subscription.deleted', sub as unknown as Params)];
    },
    signed(ev, options = {}) {
      const payload = JSON.stringify(ev);
      const header = sdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      return { payload, header };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  function must(subId: string): StripeSub {
    const sub = subscriptions.get(subId);
    if (!sub) throw new Error(`no such subscription ${subId}`);
    return sub;
  }

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) =>
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        .end(JSON.stringify(body));
    const fail = (status: number, message: string) =>
      send(status, { error: { type: 'invalid_request_error', message } });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return fail(401, 'Invalid API Key provided');
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const params =
      req.method === 'GET' || req.method === 'DELETE' ? decodeForm(u.search.slice(1)) : decodeForm(body);
    requests.push({ method: req.method ?? '', path: u.pathname, params });
    const parts = u.pathname.split('/').filter(Boolean);
    try {
      if (req.method === 'POST' && u.pathname === '/v1/customers') {
        const c = {
          id: id('cus'),
          object: 'customer',
          email: params.email ?? null,
          metadata: params.metadata ?? {},
        };
        customers.set(c.id, c);
        return send(200, c);
      }
      if (req.method === 'POST' && u.pathname === '/v1/checkout/sessions') {
        if (params.mode !== 'subscription') return fail(400, 'mode must be subscription here');
        const sid = id('cs_test');
        const s = {
          id: sid,
          object: 'checkout.session',
          url: `${url}/pay/${sid}`,
          status: 'open',
          subscription: null,
          ...params,
        };
        sessions.set(sid, s);
        return send(200, s);
      }
      if (req.method === 'POST' && u.pathname === '/v1/billing_portal/sessions') {
        if (!customers.has(String(params.customer))) return fail(404, 'No such customer');
        return send(200, {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `${url}/portal/${params.customer}`,
          return_url: params.return_url,
        });
      }
      if (req.method === 'POST' && u.pathname === '/v1/invoices/create_preview') {
        const sub = must(String(params.subscription));
        const it = item(sub);
        const details = (params.subscription_details ?? {}) as Params;
        const newPrice = priceObj(String(((details.items as Params)['0'] as Params).price));
        const paid = (it.price as { unit_amount: number }).unit_amount;
        const total = it.current_period_end - (it.current_period_start as number);
        const left = Math.max(0, it.current_period_end - fake.now);
        const credit = sub.status === 'trialing' ? 0 : Math.floor((paid * left) / total);
        const lines = [
          {
            object: 'line_item',
            amount: -credit,
            description: 'Unused time',
            period: { start: fake.now, end: it.current_period_end },
          },
          {
            object: 'line_item',
            amount: newPrice.unit_amount,
            description: 'Yearly',
            period: { start: fake.now, end: fake.now + 365 * DAY },
          },
        ];
        return send(200, {
          object: 'invoice',
          id: null,
          currency: 'usd',
          amount_due: Math.max(0, newPrice.unit_amount - credit),
          lines: { object: 'list', data: lines },
        });
      }
      if (parts[1] === 'subscriptions' && parts[2]) {
        const sub = must(parts[2]);
        if (req.method === 'GET') {
          const expand = Object.values((params.expand ?? {}) as Params);
          const shown: Params = { ...sub };
          if (expand.includes('default_payment_method') && sub.default_payment_method) {
            shown.default_payment_method = {
              id: sub.default_payment_method,
              object: 'payment_method',
              card: { brand: 'visa', last4: '4242' },
            };
          }
          return send(200, shown);
        }
        if (req.method === 'POST') {
          if (params.cancel_at_period_end !== undefined)
            sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
          const items = params.items as Params | undefined;
          if (items?.['0']) {
            const it = item(sub);
            it.price = priceObj(String((items['0'] as Params).price));
            it.current_period_start = fake.now;
            it.current_period_end = addPeriod(
              fake.now,
              (it.price as { recurring: { interval: 'month' | 'year' } }).recurring.interval,
            );
            if (params.trial_end === 'now') {
              sub.trial_end = fake.now;
              sub.status = 'active';
            }
            invoice(sub, (it.price as { unit_amount: number }).unit_amount, 'paid');
          } else if (params.trial_end !== undefined) {
            const end = Number(params.trial_end);
            sub.trial_end = end;
            sub.status = 'trialing';
            item(sub).current_period_end = end;
          }
          return send(200, sub);
        }
      }
      if (req.method === 'GET' && parts[1] === 'invoices' && parts[2]) {
        const inv = invoices.get(parts[2]);
        return inv ? send(200, inv) : fail(404, `No such invoice: '${parts[2]}'`);
      }
      return fail(404, `Unrecognized request URL (${req.method}: ${u.pathname})`);
    } catch (error) {
      return fail(404, (error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
