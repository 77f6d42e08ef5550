import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ReplayMarket } from './replay-market.ts';

export const E2E_PASSWORD = 'e2e-Horse7!';

/**
 * Signs up a new Free user through the API and activates it with the link from the outbox the server's
 * console names (no SMTP server in e2e). Returns the email.
 */
export async function signUpActivated(market: ReplayMarket, label: string): Promise<string> {
  const url = market.server.url;
  const email = `${label}.${Date.now()}@example.com`;
  const post = (route: string, body: unknown) =>
    fetch(`${url}/api/v1/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('signup', {
    email,
    password: E2E_PASSWORD,
    passwordConfirm: E2E_PASSWORD,
    acceptTerms: true,
    acceptPrivacy: true,
  });
  expect(signup.status).toBe(201);
  let mail = '';
  await expect
    .poll(
      () => {
        const files = [...market.server.output().matchAll(/file:\/\/(\S+\.txt)/g)].map((m) => m[1] ?? '');
        mail = files.map((file) => readFileSync(file, 'utf8')).find((text) => text.includes(email)) ?? '';
        return mail !== '';
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const token = /https?:\/\/\S+\/register\S*/.exec(mail)?.[0];
  expect((await post('verify', { token: new URL(token ?? '').searchParams.get('token') })).status).toBe(200);
  return email;
}

/** A fresh browser context (another device: nothing in its storage) signed in as an existing user. */
export async function signedInPage(
  market: ReplayMarket,
  path: string,
  email: string,
  options: { width?: number } = {},
): Promise<Page> {
  const page = await market.open('/', options);
  const login = await page.request.post(`${market.server.url}/api/v1/auth/login`, {
    data: { email, password: E2E_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(`${market.server.url}${path}`);
  await page.getByTestId('account-menu').waitFor({ timeout: 20_000 });
  return page;
}
