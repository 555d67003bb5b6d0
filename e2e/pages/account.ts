import type { Page } from 'playwright-core'

/** The account screens of spec §2.8 as a person uses them. */
export class AccountPages {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string
  ) {}

  goto(path: string) {
    return this.page.goto(`${this.baseUrl}${path}`)
  }

  async login(email: string, password: string) {
    await this.page.getByTestId('login-email').fill(email)
    await this.page.getByTestId('login-password').fill(password)
    await this.page.getByTestId('login-submit').click()
  }

  async register(values: { email: string; password: string; confirm?: string; inviteCode?: string; terms: boolean }) {
    await this.page.getByTestId('register-email').fill(values.email)
    await this.page.getByTestId('register-password').fill(values.password)
    await this.page.getByTestId('register-confirm').fill(values.confirm ?? values.password)
    if (values.inviteCode !== undefined) await this.page.getByTestId('register-invite').fill(values.inviteCode)
    if (values.terms) await this.page.getByTestId('register-terms').check()
    await this.page.getByTestId('register-submit').click()
  }

  async requestReset(email: string) {
    await this.page.getByTestId('reset-email').fill(email)
    await this.page.getByTestId('reset-request-submit').click()
  }

  async enterResetCode(code: string) {
    await this.page.getByTestId('reset-code').fill(code)
    await this.page.getByTestId('reset-verify-submit').click()
  }

  async setNewPassword(password: string) {
    await this.page.getByTestId('reset-password').fill(password)
    await this.page.getByTestId('reset-confirm').fill(password)
    await this.page.getByTestId('reset-password-submit').click()
  }

  async verify(code: string) {
    await this.page.getByTestId('verify-code').fill(code)
    await this.page.getByTestId('verify-submit').click()
  }

  async changeInfo(values: { title: string; firstName: string; lastName: string }) {
    await this.page.getByTestId('info-title').fill(values.title)
    await this.page.getByTestId('info-firstName').fill(values.firstName)
    await this.page.getByTestId('info-lastName').fill(values.lastName)
    await this.page.getByTestId('info-submit').click()
  }

  async changePassword(oldPassword: string, password: string) {
    await this.page.getByTestId('password-oldPassword').fill(oldPassword)
    await this.page.getByTestId('password-password').fill(password)
    await this.page.getByTestId('password-confirm').fill(password)
    await this.page.getByTestId('password-submit').click()
  }
}
