import type { Page } from 'playwright-core';

/**
 * Signs in through the login screen as a user does and waits for the account menu of the signed-in header.
 *
 * A minute by default: argon2id on a loaded two-core machine is slow. When the header does not arrive, what
 * the login screen says is printed with the address, so a refusal (429, a wrong password) tells itself apart
 * from a slow answer.
 */
export async function signIn(
  page: Page,
  loginUrl: string,
  email: string,
  password: string,
  timeoutMs = 60_000,
): Promise<void> {
  await page.goto(loginUrl);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  try {
    await page.getByTestId('account-menu').waitFor({ timeout: timeoutMs });
  } catch (error) {
    const said = await page
      .locator('main')
      .innerText({ timeout: 1_000 })
      .catch(() => '');
    console.error(`sign-in as ${email} did not finish at ${page.url()}: ${said.slice(0, 300)}`);
    throw error;
  }
}
