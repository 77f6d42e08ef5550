import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrowserSubscription {
  readonly endpoint: string;
  readonly expirationTime: null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

export interface ReceivedPush {
  readonly endpoint: string;
  /** The decrypted payload (what the service worker's `event.data.json()` would read). */
  readonly payload: unknown;
  readonly ttl: number;
  readonly urgency: string | undefined;
  readonly topic: string | undefined;
  /** The VAPID JWT's claims, verified against the `k=` key. */
  readonly claims: { aud: string; exp: number; sub: string };
  readonly vapidPublicKey: string;
}

export interface FakePushService {
  readonly url: string;
  /** What a browser's PushManager.subscribe would return: a fresh endpoint and its P-256 keys. */
  subscribe(): BrowserSubscription;
  readonly received: ReceivedPush[];
  /** Requests the service refused, with why (bad JWT, undecryptable payload …). */
  readonly refused: { endpoint: string; status: number; reason: string }[];
  /** The browser unsubscribed: its endpoint answers 410 Gone from now on. */
  expire(endpoint: string): void;
  close(): Promise<void>;
}

/**
 * A loopback push service that checks what a real one checks and decrypts what the browser would: the
 * `Authorization: vapid t=<JWT>, k=<key>` header (ES256 signature, `aud` = the endpoint's origin, `exp`
 * within 24 h, `sub` mailto:/https:), TTL, and the aes128gcm body (RFC 8188/8291) decrypted with the
 * subscription's private key made here by node:crypto ECDH, exactly as the browser holds it.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  let base = '';

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${base}${req.url ?? ''}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    if (req.method !== 'POST') return refuse(405, 'method');
    if (gone.has(endpoint)) return refuse(410, 'push subscription has unsubscribed or expired');
    const subscription = subscriptions.get(endpoint);
    if (!subscription) return refuse(404, 'no such subscription');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header missing');
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return refuse(401, 'missing vapid authorization');
    const [, jwt = '', key = ''] = auth;
    const claims = verifyJwt(jwt, key);
    if (typeof claims === 'string') return refuse(403, claims);
    if (claims.aud !== new URL(endpoint).origin)
      return refuse(403, `aud ${claims.aud} is not ${new URL(endpoint).origin}`);
    const now = Math.floor(Date.now() / 1000);
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return refuse(403, 'exp outside 24 h');
    if (!/^(mailto:|https:)/.test(claims.sub)) return refuse(403, 'sub must be mailto: or https:');
    if (req.headers['content-encoding'] !== 'aes128gcm')
      return refuse(415, 'content-encoding must be aes128gcm');
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(body, subscription.ecdh, subscription.auth));
    } catch (error) {
      return refuse(400, `payload does not decrypt: ${(error as Error).message}`);
    }
    received.push({
      endpoint,
      payload,
      ttl,
      urgency: req.headers.urgency as string | undefined,
      topic: req.headers.topic as string | undefined,
      claims,
      vapidPublicKey: key,
    });
    res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${base}/push/${randomBytes(12).toString('hex')}`;
      subscriptions.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    expire(endpoint) {
      gone.add(endpoint);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** ES256 JWT checked with the uncompressed P-256 public key of `k=`; returns the claims or why it failed. */
function verifyJwt(jwt: string, key: string): { aud: string; exp: number; sub: string } | string {
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'ES256') return `alg ${head.alg} is not ES256`;
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return 'JWT signature does not verify';
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

/** RFC 8291 with RFC 8188 framing: one record, salt | rs | idlen | keyid (sender key) | ciphertext+tag. */
function decrypt(body: Buffer, receiver: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idlen);
  const sealed = body.subarray(21 + idlen);
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}
