import type { Page } from 'playwright-core'

/** The smoke page (`/`) as the specs see it: its test ids, and the steps a person takes there. */
export class SmokePage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string
  ) {}

  readonly health = () => this.page.getByTestId('health-status')
  readonly connection = () => this.page.getByTestId('connection-status')
  readonly signedInAs = () => this.page.getByTestId('signed-in-as')
  readonly usersList = () => this.page.getByTestId('users-list')
  readonly userRows = () => this.page.getByTestId('user-row')

  async goto(pathAndQuery = '/') {
    await this.page.goto(`${this.baseUrl}${pathAndQuery}`)
  }

  private async fillCredentials(email: string, password: string) {
    await this.page.getByTestId('login-email').fill(email)
    await this.page.getByTestId('login-password').fill(password)
  }

  async register(email: string, password: string) {
    await this.fillCredentials(email, password)
    await this.page.getByTestId('register-submit').click()
  }

  async signIn(email: string, password: string) {
    await this.fillCredentials(email, password)
    await this.page.getByTestId('login-submit').click()
  }

  async signOut() {
    await this.page.getByTestId('logout').click()
  }

  /** Text of an element once it is on the page ('' while it is not). */
  async text(locator: ReturnType<Page['getByTestId']>) {
    return (await locator.count()) ? ((await locator.first().textContent()) ?? '') : ''
  }
}
