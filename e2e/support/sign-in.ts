import type { Page } from 'playwright-core';

/** Signs in through the login screen as a user does and waits for the account menu of the signed-in header. */
export async function signIn(
  page: Page,
  loginUrl: string,
  email: string,
  password: string,
  timeoutMs = 30_000,
): Promise<void> {
  await page.goto(loginUrl);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('account-menu').waitFor({ timeout: timeoutMs });
}
