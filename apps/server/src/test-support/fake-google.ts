import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface FakeGoogle {
  readonly authUrl: string;
  readonly tokenUrl: string;
  readonly userinfoUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Who signs in at the next authorization. */
  nextProfile: GoogleProfile;
  /** Token requests received, for checks on PKCE and redirect URI. */
  readonly tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A stand-in for Google's OAuth endpoints on loopback, strict where Google is strict: client credentials,
 * the redirect URI given at authorization, single-use codes and the PKCE S256 verifier.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const clientId = 'test-client.apps.example';
  const clientSecret = 'test-secret';
  const codes = new Map<string, { challenge: string; redirectUri: string; profile: GoogleProfile }>();
  const accessTokens = new Map<string, GoogleProfile>();
  const tokenRequests: URLSearchParams[] = [];
  const fake = {
    nextProfile: {
      sub: 'google-1',
      email: 'g@example.com',
      email_verified: true,
      name: 'G',
    } as GoogleProfile,
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256' || !q.get('state')) {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        challenge: q.get('code_challenge') ?? '',
        redirectUri: q.get('redirect_uri') ?? '',
        profile: fake.nextProfile,
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      tokenRequests.push(form);
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) return json(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) {
        return json(400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, grant.profile);
      return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/userinfo') {
      const profile = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return profile ? json(200, profile) : json(401, { error: 'invalid_token' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    authUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userinfoUrl: `${base}/userinfo`,
    clientId,
    clientSecret,
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
