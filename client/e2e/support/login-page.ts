import type { Locator, Page } from 'playwright/test';
import { expect } from 'playwright/test';
import type { TestUser } from './users';

/** '/': login and register on one card, toggled by 'Click here' and 'Login here'. */
export class LoginPage {
  readonly loginButton: Locator;
  readonly createAccountButton: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  /** The message under the form (the toast says the same, so this one is unambiguous). */
  readonly formError: Locator;

  constructor(readonly page: Page) {
    // exact: 'Login here' is a button too (in register mode).
    this.loginButton = page.getByRole('button', { name: 'Login', exact: true });
    this.createAccountButton = page.getByRole('button', { name: 'Create Account' });
    this.name = page.getByLabel('Name', { exact: true });
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.formError = page.locator('.login-card .form-error');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.loginButton).toBeVisible();
  }

  /** Registers through the form: the success toast shows and the card is back on Login. */
  async register(user: TestUser, expectedMessage: string | RegExp): Promise<void> {
    await this.page.getByRole('button', { name: 'Click here' }).click();
    await expect(this.createAccountButton).toBeVisible();
    await this.name.fill(user.name);
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.createAccountButton.click();
    await expect(this.loginButton).toBeVisible();
    // Back on Login with the email kept: only the password is left to type.
    await expect(this.email).toHaveValue(user.email);
    await expect(this.page.locator('.toast').filter({ hasText: expectedMessage })).toBeVisible();
  }

  /** Fills and submits the login form; the caller checks where it lands. */
  async submitLogin(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.loginButton.click();
  }

  /** A successful login: lands on /dashboard with the top bar greeting the user. */
  async login(user: TestUser): Promise<void> {
    await this.submitLogin(user.email, user.password);
    await this.page.waitForURL('**/dashboard');
    await expect(this.page.locator('.top-bar .greeting')).toHaveText(`Hi, ${user.name}`);
  }
}

/** Opens '/' and logs in. */
export async function loginAs(page: Page, user: TestUser): Promise<void> {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(user);
}
