import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopOwner } from '../../../support/accounts'
import { dialects } from '../../../support/databases'
import { startTestApp, type TestApp } from '../../../support/test-app'
import { startSmtp } from '../../../support/mail-support'
import { call, operate } from '../../../support/inventory-api'
import { setShop } from '../../../support/order-api'
import { PATIENCE } from '../../../support/waits'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>
interface Answer {
  status: number
  body: Body & { message?: string; data?: { key?: string; field?: string } }
  cookies: string[]
}

let keys = 0
const newKey = () => `account-key-${Date.now()}-${keys++}-abcdef`

/**
 * The storefront's customer accounts (decision 0114) over HTTP on `/s/{subdomain}`: sign-in by a code
 * mailed through a real SMTP server, registration that meets guest checkout's customer, sessions bound
 * to their shop, addresses by the shared schema's rules, order history and a signed-in checkout.
 */
describe.each(await dialects())('storefront customer accounts (%s)', (dialect) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let a: Owner
  let baseA: string
  let baseB: string
  let tea: string
  /** The guest who checked out, then signed in (the first case). */
  let guestCookie = ''
  let guestOrder = ''

  const account = async (base: string, method: string, path = '', body?: unknown, cookie = ''): Promise<Answer> => {
    const response = await fetch(`${t.url}${base}/_commerce/account${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body)
    })
    return { status: response.status, body: (await response.json()) as Answer['body'], cookies: response.headers.getSetCookie() }
  }
  /** The cookies a browser would send back: each `name=value` of the answer's Set-Cookie. */
  const cookieOf = (answer: Answer) => answer.cookies.map((line) => line.split(';')[0]).join('; ')
  // The sign-in code mails only: a checkout also mails the shopper its confirmation (decision 0148).
  const mailsTo = (email: string) =>
    smtp.received.filter((mail) => mail.envelopeTo.includes(email) && fixedSubjects.includes(mail.subject ?? ''))
  /** Asks for a code and reads it from the mail the SMTP server received. */
  const mailedCode = async (base: string, email: string) => {
    const before = mailsTo(email).length
    const asked = await account(base, 'POST', '/code', { email })
    expect(asked).toMatchObject({ status: 202, body: { sent: true } })
    await expect.poll(() => mailsTo(email).length, PATIENCE).toBe(before + 1)
    const mail = mailsTo(email)[before]
    return { code: /\b(\d{6})\b/.exec(mail.text ?? '')![1], mail }
  }
  const signedIn = async (base: string, email: string, profile: Body = {}) => {
    const { code } = await mailedCode(base, email)
    const answer = await account(base, 'POST', '/sign-in', { email, code, ...profile })
    expect(answer.status).toBe(200)
    expect(answer.body.signedIn).toBe(true)
    return cookieOf(answer)
  }
  const checkout = async (base: string, customer: Body, cookie = '') => {
    const response = await fetch(`${t.url}${base}/_commerce/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ lines: [{ product: tea, quantity: 1 }], customer, payment: 'cash', idempotencyKey: newKey() })
    })
    expect(response.status).toBe(201)
    return ((await response.json()) as { order: { _id: string; orderId: string; user: string } }).order
  }
  const fixedSubjects = ['Your sign-in code', '您的登入碼', '您的登录码']
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp(dialect, { config: { mailUrl: smtp.url } })
    a = await shopOwner(t.url, 'Tea House')
    const b = await shopOwner(t.url, 'Other Shop')
    const subdomain = async (owner: Owner) =>
      ((await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string }).subdomain
    baseA = `/s/${await subdomain(a)}`
    baseB = `/s/${await subdomain(b)}`
    await setShop(t, a, { pickUp: { enabled: true } })
    tea = ((await call(t, a, 'POST', 'products', { name: { en: 'Tea' }, price: 1250 })).body as { _id: string })._id
    const w = ((await t.db.knex('warehouses').where({ shop: a.shopId }).first('_id')) as { _id: string })._id
    await operate(t, a, { mode: 'restock', warehouse: w, product: tea, delta: 50 })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('mails a code through SMTP, the same answer for any address, and signs a guest-checkout customer into their orders', async () => {
    const order = await checkout(baseA, { firstName: 'Mei', email: 'mei@example.com', phone: '91234567' })
    guestOrder = order.orderId
    const { code, mail } = await mailedCode(baseA, 'mei@example.com')
    // The subject is fixed wording; the shop is named in the body (decision 0123).
    expect(fixedSubjects).toContain(mail.subject)
    expect(mail.text).toMatch(/[“「]Tea House[”」]/)
    // An address the shop has never seen gets the same answer (and its own mail).
    expect(await account(baseA, 'POST', '/code', { email: 'nobody@example.com' })).toMatchObject({
      status: 202,
      body: { sent: true }
    })
    // Stored hashed only.
    const stored = (await t.db.knex('shopUserCodes').where({ email: 'mei@example.com' }).first('codeHash')) as {
      codeHash: string
    }
    expect(stored.codeHash).not.toContain(code)

    // A guest checkout makes no customer (decision 0120): the first sign-in registers, then shows the order.
    expect(await account(baseA, 'POST', '/sign-in', { email: 'MEI@example.com', code })).toMatchObject({
      status: 200,
      body: { register: true }
    })
    const answer = await account(baseA, 'POST', '/sign-in', {
      email: 'MEI@example.com',
      code,
      firstName: 'Mei',
      phone: '91234567'
    })
    expect(answer).toMatchObject({ status: 200, body: { signedIn: true, registered: true } })
    const cookie = answer.cookies.find((line) => line.startsWith('emporia-customer='))!
    expect(cookie).toMatch(/httponly/i)
    expect(cookie).toMatch(/samesite=lax/i)
    expect(cookie).toContain(`path=${baseA}`)
    guestCookie = cookieOf(answer)

    const view = await account(baseA, 'GET', '', undefined, guestCookie)
    expect(view.status).toBe(200)
    expect(view.body).toMatchObject({
      customer: { firstName: 'Mei', email: 'mei@example.com', phone: '91234567' },
      orders: [{ orderId: guestOrder, total: 1250, status: 'prepare' }]
    })
    const link = (view.body.orders as { link: string }[])[0].link
    expect((await fetch(`${t.url}${baseA}/orders/${link}`)).status).toBe(200)
    // A code is used once.
    expect((await account(baseA, 'POST', '/sign-in', { email: 'mei@example.com', code })).body.data?.key).toBe(
      'account.codeExpired'
    )
  })

  it('registers an unknown address on its first sign-in, asking for a name first', async () => {
    const { code } = await mailedCode(baseA, 'ann@example.com')
    expect(await account(baseA, 'POST', '/sign-in', { email: 'ann@example.com', code })).toMatchObject({
      status: 200,
      body: { register: true }
    })
    const nameless = await account(baseA, 'POST', '/sign-in?lang=cht', { email: 'ann@example.com', code, firstName: '' })
    expect(nameless.body).toMatchObject({ register: true })
    const made = await account(baseA, 'POST', '/sign-in', { email: 'ann@example.com', code, firstName: 'Ann', lastName: 'Lee' })
    expect(made.body).toMatchObject({ signedIn: true, registered: true })
    const row = (await t.db.knex('shopUsers').where({ shop: a.shopId, email: 'ann@example.com' }).first()) as Body
    expect(row).toMatchObject({ firstName: 'Ann', lastName: 'Lee', name: 'Ann Lee' })
    const view = await account(baseA, 'GET', '', undefined, cookieOf(made))
    expect(view.body).toMatchObject({ customer: { email: 'ann@example.com' }, orders: [], addresses: [] })
  })

  it('refuses a wrong, a worn-out and an expired code on the field, in the customer’s language, and limits the mails', async () => {
    const { code } = await mailedCode(baseA, 'wrong@example.com')
    const first = await account(baseA, 'POST', '/sign-in?lang=cht', { email: 'wrong@example.com', code: wrongCode(code) })
    expect(first).toMatchObject({
      status: 400,
      body: { message: '登入碼不正確，請檢查電郵後再試', data: { key: 'account.codeWrong', field: 'code' } }
    })
    for (let i = 2; i <= 4; i++)
      expect(
        (await account(baseA, 'POST', '/sign-in', { email: 'wrong@example.com', code: wrongCode(code) })).body.data?.key
      ).toBe('account.codeWrong')
    expect((await account(baseA, 'POST', '/sign-in', { email: 'wrong@example.com', code: wrongCode(code) })).body.data?.key).toBe(
      'account.codeSpent'
    )
    // The fifth wrong try ended it: the right code is no good now.
    expect((await account(baseA, 'POST', '/sign-in', { email: 'wrong@example.com', code })).body.data?.key).toBe(
      'account.codeExpired'
    )
    expect((await account(baseA, 'POST', '/sign-in', { email: 'wrong@example.com', code: '12' })).body.data).toMatchObject({
      key: 'format.token',
      field: 'code'
    })

    const late = await mailedCode(baseA, 'late@example.com')
    await t.db
      .knex('shopUserCodes')
      .where({ email: 'late@example.com' })
      .update({ expiresAt: new Date(Date.now() - 1000) })
    expect((await account(baseA, 'POST', '/sign-in', { email: 'late@example.com', code: late.code })).body.data?.key).toBe(
      'account.codeExpired'
    )

    for (let i = 0; i < 3; i++) expect((await account(baseA, 'POST', '/code', { email: 'flood@example.com' })).status).toBe(202)
    const flood = await account(baseA, 'POST', '/code', { email: 'flood@example.com' })
    expect(flood).toMatchObject({ status: 429, body: { data: { key: 'storefront.tooManyRequests' } } })
    expect((await account(baseA, 'POST', '/code', { email: 'not-an-address' })).body.data).toMatchObject({
      key: 'format.email',
      field: 'email'
    })
  })

  it('quotes a 1,000-character shop name with a link only trimmed in the body, never in the subject (issue 28)', async () => {
    const lure = `Your bank account is suspended. Visit https://evil.example/verify ${'x'.repeat(934)}`
    expect(lure).toHaveLength(1000)
    const b = (await t.db
      .knex('shops')
      .where({ subdomain: baseB.slice('/s/'.length) })
      .first('_id', 'name')) as {
      _id: string
      name: unknown
    }
    await t.db
      .knex('shops')
      .where({ _id: b._id })
      .update({ name: JSON.stringify({ en: lure }) })
    try {
      const { mail } = await mailedCode(baseB, 'lured@example.com')
      expect(fixedSubjects).toContain(mail.subject)
      expect(mail.text).toMatch(/[“「]Your bank account is suspended\. Visit https∶\/\/evil․example\/v…[”」]/)
      expect(`${mail.text}${mail.html}`).not.toContain('x'.repeat(60))
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/evil\.example|https:\/\/evil/)
      expect(mail.html).not.toContain('href')
    } finally {
      await t.db
        .knex('shops')
        .where({ _id: b._id })
        .update({ name: JSON.stringify(b.name) })
    }
  })

  it('refuses a session of another shop, a forged one and none; signing out clears it', async () => {
    expect((await account(baseB, 'GET', '', undefined, guestCookie)).status).toBe(401)
    const other = await fetch(`${t.url}${baseB}/account`, { headers: { Cookie: guestCookie } })
    expect(await other.text()).toContain('data-signed-in="false"')
    const forged = guestCookie.replace(/emporia-customer=([0-9a-f]{24})\.(\d+)\./, (_, user: string, expires: string) => {
      return `emporia-customer=${user}.${Number(expires) + 1}.`
    })
    expect((await account(baseA, 'GET', '', undefined, forged)).status).toBe(401)
    const none = await account(baseA, 'GET', '?lang=cht')
    expect(none).toMatchObject({ status: 401, body: { message: '請重新登入', data: { key: 'account.signedOut' } } })

    const page = await fetch(`${t.url}${baseA}/account?lang=en`, { headers: { Cookie: guestCookie } })
    expect(page.headers.get('cache-control')).toContain('no-store')
    const html = await page.text()
    expect(html).toContain('data-signed-in="true"')
    expect(html).toContain(`data-order-row="${guestOrder}"`)
    expect(html).toContain('noindex')

    const out = await account(baseA, 'POST', '/sign-out', {}, guestCookie)
    expect(out.status).toBe(200)
    expect(out.cookies.find((line) => line.startsWith('emporia-customer='))).toMatch(/^emporia-customer=;/)
    // A form of another site (not JSON) is refused before anything else.
    const form = await fetch(`${t.url}${baseA}/_commerce/account/sign-out`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: guestCookie },
      body: 'a=1'
    })
    expect(form.status).toBe(400)
  })

  it('keeps addresses by the shared schema’s rules, each refusal on its field and translated', async () => {
    const cookie = await signedIn(baseA, 'addr@example.com', { firstName: 'Kit' })
    const home = { label: 'Home', firstName: 'Kit', apt: '1 Queen’s Road', city: 'Central', phone: '91234567' }
    const added = await account(baseA, 'POST', '/addresses', { address: home }, cookie)
    expect(added).toMatchObject({ status: 201, body: { addresses: [{ ...home, default: true }] } })

    const refusal = async (address: Body) => (await account(baseA, 'POST', '/addresses?lang=cht', { address }, cookie)).body
    expect(await refusal({ ...home, apt: ' ' })).toMatchObject({
      message: '必填',
      data: { key: 'format.required', field: 'address.apt' }
    })
    expect(await refusal({ ...home, label: 'x'.repeat(61) })).toMatchObject({
      message: '最多 60 個字元',
      data: { key: 'format.tooLong', field: 'address.label' }
    })
    expect(await refusal({ ...home, phone: 'call me' })).toMatchObject({ data: { key: 'format.phone', field: 'address.phone' } })
    expect(await refusal({ ...home, street: 'x' })).toMatchObject({
      data: { key: 'format.unknownField', field: 'address.street' }
    })

    const office = { firstName: 'Kit', apt: '2 Des Voeux Road', phone: '+852 2123 4567', default: true }
    const two = await account(baseA, 'POST', '/addresses', { address: office }, cookie)
    expect((two.body.addresses as Body[]).map((address) => address.default ?? false)).toEqual([false, true])
    const edited = await account(baseA, 'PUT', '/addresses/0', { address: { ...home, city: 'Wan Chai' } }, cookie)
    expect((edited.body.addresses as Body[])[0]).toMatchObject({ city: 'Wan Chai' })
    const chosen = await account(baseA, 'POST', '/addresses/0/default', {}, cookie)
    expect((chosen.body.addresses as Body[]).map((address) => address.default ?? false)).toEqual([true, false])
    const removed = await account(baseA, 'DELETE', '/addresses/0', {}, cookie)
    expect(removed.body.addresses).toEqual([{ ...office, default: true }])
    expect((await account(baseA, 'DELETE', '/addresses/5', {}, cookie)).status).toBe(404)
    expect((await account(baseA, 'POST', '/addresses', { address: home })).status).toBe(401)

    // The checkout fills in the signed-in customer and their default address.
    const page = await (await fetch(`${t.url}${baseA}/checkout?lang=en`, { headers: { Cookie: cookie } })).text()
    expect(page).toContain('value="addr@example.com"')
    expect(page).toContain('2 Des Voeux Road')
  })

  it('files a signed-in checkout under the customer, shows only their orders, and changes the e-mail only with its code', async () => {
    const cookie = await signedIn(baseA, 'own@example.com', { firstName: 'Own', phone: '51234567' })
    const me = (
      (await t.db.knex('shopUsers').where({ shop: a.shopId, email: 'own@example.com' }).first('_id')) as { _id: string }
    )._id
    // Typed as someone else: still this customer's order.
    const mine = await checkout(baseA, { firstName: 'Own', email: 'typed@example.com', phone: '51234567' }, cookie)
    expect(mine.user).toBe(me)
    // A guest typing this customer's phone with another e-mail gets a customer of their own.
    const theirs = await checkout(baseA, { firstName: 'Guest', email: 'guest2@example.com', phone: '51234567' })
    expect(theirs.user).not.toBe(me)
    const view = await account(baseA, 'GET', '', undefined, cookie)
    expect((view.body.orders as { orderId: string }[]).map((order) => order.orderId)).toEqual([mine.orderId])

    const unproven = await account(baseA, 'PATCH', '', { firstName: 'Own', email: 'new@example.com', phone: '51234567' }, cookie)
    expect(unproven).toMatchObject({ status: 400, body: { data: { key: 'account.emailCode', field: 'code' } } })
    const { code } = await mailedCode(baseA, 'new@example.com')
    const changed = await account(
      baseA,
      'PATCH',
      '',
      { firstName: 'Owen', email: 'new@example.com', phone: '51234567', code },
      cookie
    )
    expect(changed).toMatchObject({ status: 200, body: { customer: { firstName: 'Owen', email: 'new@example.com' } } })
    const taken = await account(baseA, 'PATCH', '', { firstName: 'Owen', email: 'new@example.com', phone: '91234567' }, cookie)
    expect(taken).toMatchObject({ status: 409, body: { data: { key: 'customer.phoneTaken', field: 'phone' } } })
  })
})
