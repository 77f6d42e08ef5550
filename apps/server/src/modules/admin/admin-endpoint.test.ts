import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../test-support/accounts-fixture.ts';
import { startTestServer, type TestServer } from '../../test-support/test-server.ts';
import { ADMIN_COMMAND_PATH, newAdminToken, registerAdminEndpoint } from './admin-endpoint.ts';
import { runAdminInServer } from './run-in-server.ts';

/** The door the admin CLI uses while the server holds the embedded database: loopback and token only. */
describe('admin command endpoint', { timeout: 60_000 }, () => {
  let server: TestServer;
  const token = newAdminToken();
  beforeAll(async () => {
    server = await startTestServer();
    registerAdminEndpoint(server.app, token, (argv) => runAdminInServer(argv, server.database));
  });
  afterAll(() => server.close());

  const send = (argv: string[], headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    server.app.inject({
      method: 'POST',
      url: ADMIN_COMMAND_PATH,
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ argv }),
    });

  it('runs the CLI’s command on the server’s database for a loopback caller with the token', async () => {
    const email = `ops.${process.pid}@example.com`;
    const created = await send(
      ['create-user', '--email', email, '--password', PASSWORD, '--plan', 'pro', '--verified'],
      { authorization: `Bearer ${token}` },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      code: 0,
      lines: [expect.stringMatching(/^created ops\..* \(plan pro, verified/)],
    });
    expect((await server.accounts.users.findByEmail(email))?.plan).toBe('pro');
    const usage = await send(['launch'], { authorization: `Bearer ${token}` });
    expect(usage.json()).toMatchObject({ code: 2, lines: ['unknown command "launch"', expect.any(String)] });
  });

  it('is not there for anyone else: no token, a wrong one, another host, a proxied request', async () => {
    const argv = ['set-plan', '--email', 'x@example.com', '--plan', 'pro'];
    const refused = [
      await send(argv, {}),
      await send(argv, { authorization: `Bearer ${newAdminToken()}` }),
      await send(argv, { authorization: `Bearer ${token}` }, '203.0.113.9'),
      await send(argv, { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe('not_found');
    }
  });
});
