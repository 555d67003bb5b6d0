import { execFileSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import type { Knex } from 'knex'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vapidKeys } from '../../../src/domains/storefront/app/push/vapid'
import { up as sealTwoStepMigration } from '../../../src/platform/db/migrations/20261214060000-seal-two-step-secrets'
import { mailBodyOf, type OutboxRow } from '../../../src/platform/mail/outbox'
import { readPlatformSecret } from '../../../src/platform/secrets/platform-secrets'
import { rotateSecrets } from '../../../src/platform/secrets/rotate-secrets'
import { authStateContext, openTwoStepSecret } from '../../../src/platform/secrets/sealed-columns'
import {
  activeSecretsKeyring,
  keyringOf,
  newSecretsKey,
  openSecret,
  resolveSecretsKeyring,
  useSecretsKeyring,
  type SecretsKeyring
} from '../../../src/platform/secrets/secrets-key'
import { readShopSecret, shopSecretNames, type ShopSecretName } from '../../../src/platform/secrets/shop-secrets'
import { lastCode, login, post, register, shopOwner } from '../../support/accounts'
import { json } from '../../support/clients'
import { dialects } from '../../support/databases'
import { call } from '../../support/inventory-api'
import { setShop } from '../../support/order-api'
import { startTestApp, type TestApp } from '../../support/test-app'
import { startXeroDouble, type XeroDouble } from '../../support/xero-double'

type Owner = Awaited<ReturnType<typeof shopOwner>>
type Body = Record<string, unknown>

const UNREADABLE = { code: 502, data: { key: 'errors.secretUnreadable' } }
const codeOf = (secret: string, steps = 0, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at + steps * 30_000 })

/**
 * Every secret the platform stores is sealed with the one secrets key, and `secrets:rotate` moves every
 * one of them (issue 38, decision 0212): set through the doors merchants and staff use, none is found in
 * clear in a dump of the database, before or after a rotation; each still works after it through its
 * door; the old key opens none; and no door answers one.
 */
describe.each(await dialects())('every stored secret at rest (%s)', (dialect) => {
  let t: TestApp
  let xero: XeroDouble
  let a: Owner
  /** Clear values, by what they are: none may appear in a dump or an answer. */
  const clear = new Map<string, string>()
  /** Every answer of a reading or writing door (two-step's start, which shows its owner the secret once, aside). */
  const answers: unknown[] = []
  const staff = {
    email: `sealed-${Math.random().toString(36).slice(2)}@example.com`,
    secret: '',
    at: 0,
    id: '',
    token: '',
    code: ''
  }
  let pendingAuth: { code: string; state: string }

  const door = async (method: string, path: string, body?: unknown) => {
    const answer = await call(t, a, method, path, body)
    answers.push(answer.body)
    return answer
  }
  const redirect = () => `http://127.0.0.1:5173/${a.shopId}/settings/xero/callback`
  /** Connect, the provider's consent page (approving at once), and the code and state it sends back. */
  const authorize = async () => {
    const started = await door('POST', 'accounting/xero', { action: 'connect', redirectUri: redirect() })
    expect(started.status).toBe(201)
    const consent = await fetch((started.body as { authorizeUrl: string }).authorizeUrl, { redirect: 'manual' })
    const back = new URL(consent.headers.get('location')!)
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }
  }
  /** What the server itself reads back for the secrets it made (DKIM key, provider tokens, VAPID key). */
  const noteServerMade = async () => {
    for (const name of ['mailDkimKey', 'xeroAccessToken', 'xeroRefreshToken'] as const)
      clear.set(name, (await readShopSecret(t.db.knex, a.shopId, name)) as string)
    clear.set('vapidPrivateKey', (await vapidKeys(t.db.knex, {})).privateKey)
    const states = (await t.db.knex('accountingAuthStates').where({ shop: a.shopId }).select()) as Body[]
    for (const row of states)
      clear.set(
        `verifier ${String(row.stateHash)}`,
        openSecret(activeSecretsKeyring(), row.verifier as string, authStateContext(a.shopId, row.stateHash as string))
      )
  }

  /** Pieces of a value long enough to mean it (a PEM key's lines, a token whole). */
  const needles = () =>
    [...clear.entries()].flatMap(([what, value]) =>
      value
        .split(/-----[A-Z ]+-----|\s+/)
        .filter((piece) => piece.length >= 16)
        .map((piece) => ({ what, piece }))
    )
  const found = (text: string) => needles().filter(({ piece }) => text.includes(piece))

  /** Every row of every table, as PostgreSQL writes a row as text. */
  const everyRow = async (knex: Knex) => {
    const tables = (await knex('pg_tables').where({ schemaname: 'public' }).pluck('tablename')) as string[]
    let text = ''
    for (const table of tables) {
      const rows = (await knex.raw(`select t::text as row from "${table}" t`)) as { rows: { row: string }[] }
      text += rows.rows.map((row) => row.row).join('\n')
    }
    return text
  }
  /** The database as a backup holds it: pg_dump's plain SQL, or PGlite's data directory, read as bytes. */
  const dump = async () => {
    if (dialect === 'postgres')
      return execFileSync('pg_dump', ['--no-owner', (t.db as { url?: string }).url as string], {
        encoding: 'utf8',
        maxBuffer: 512 << 20
      })
    return Buffer.from(await (await t.db.dump!('none')).arrayBuffer()).toString('latin1')
  }
  const assertNothingInClear = async () => {
    expect(found(await everyRow(t.db.knex))).toEqual([])
    expect(found(await dump())).toEqual([])
  }

  beforeAll(async () => {
    xero = await startXeroDouble()
    t = await startTestApp(dialect, {
      config: { xero: { clientId: xero.clientId, identityBase: xero.identityBase, apiBase: xero.apiBase } }
    })
    a = await shopOwner(t.url, 'Sealed Everything')
    const value = (what: string, prefix = '') => {
      const text = `${prefix}${what}x${Math.random().toString(36).slice(2)}xAtRest0212`
      clear.set(what, text)
      return text
    }

    // Card and gateway keys, through the shop's settings.
    const shop = await setShop(t, a, {
      cardPayment: {
        provider: 'stripe',
        enabled: false,
        publicKey: 'pk_test_public',
        secretKey: value('stripeSecretKey', 'sk_test_'),
        webhookSecret: value('stripeWebhookSecret', 'whsec_')
      },
      paymentGateways: {
        alipayHk: { enabled: false, staging: true, id: 'alipay-id', key: value('alipayHkKey'), sign: value('alipayHkSign') },
        wechatPayHk: {
          enabled: false,
          staging: true,
          id: 'wechat-id',
          key: value('wechatPayHkKey'),
          sign: value('wechatPayHkSign')
        },
        octopus: { enabled: false, staging: true, id: 'octopus-id', key: value('octopusKey') },
        terminal: { enabled: false, staging: true, id: 'terminal-id', key: value('terminalKey') }
      }
    })
    answers.push(shop)
    // The mail sender's keys, through the mail settings; a custom domain makes the server's DKIM key.
    const webhookKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'der' })
    const mail = await door('POST', 'mail/settings', {
      senderType: 'ordinary',
      smtpHost: 'smtp.sealed.example.com',
      smtpPort: 587,
      smtpUser: 'sealed',
      smtpFrom: 'hello@sealed.example.com',
      smtpPassword: value('mailSmtpPassword'),
      sendgridKey: value('mailSendgridKey'),
      sendgridWebhookKey: webhookKey.toString('base64')
    })
    expect(mail.status).toBe(201)
    expect((await door('POST', 'mail/settings', { senderType: 'custom', customDomain: 'sealed-mail.example.com' })).status).toBe(
      201
    )
    // The mini-program's secret, through its settings.
    const mini = await door('POST', 'mini/settings', { programId: 'wxa000000000000212', secret: value('miniProgramSecret') })
    expect(mini.status).toBe(201)
    // The accounting provider's tokens, through Connect; and one authorization left pending (its verifier sealed).
    expect((await door('POST', 'accounting/xero', { action: 'callback', ...(await authorize()) })).status).toBe(201)
    pendingAuth = await authorize()
    // A staff account's two-step secret, through its profile.
    await register(t.url, { email: staff.email })
    const signedIn = await login(t.url, staff.email, 'secret-123')
    const token = signedIn.body?.accessToken as string
    staff.token = token
    staff.id = (signedIn.body?.user as { _id: string })._id
    // The e-mail verification code mailed at sign-up, still waiting (no MAIL_URL here): sealed (decision 0215).
    staff.code = await lastCode(t.db.knex, staff.email, 'verify')
    clear.set('verifyCodeMail', `letter-spacing:8px">${staff.code}</p>`)
    const started = await post(t.url, 'users/twoStep', { action: 'start' }, token)
    staff.secret = started.body?.secret as string
    clear.set('twoStepSecret', staff.secret)
    staff.at = Date.now()
    const confirmed = await post(t.url, 'users/twoStep', { action: 'confirm', code: codeOf(staff.secret, 0, staff.at) }, token)
    expect(confirmed.status).toBe(201)
    answers.push(confirmed.body, (await json(`${t.url}/api/users/${staff.id}`, { token })).body)
    await noteServerMade()
  })
  afterAll(async () => {
    // The process's keyring goes back to the tests' in-memory one for whatever runs next.
    useSecretsKeyring(resolveSecretsKeyring({ dataDir: 'memory://' }))
    await t?.close()
    await xero?.close()
  })

  it('keeps every kind of secret sealed: none in clear in any row or in a dump', async () => {
    // Every name a shop may store was set (a new one must be added here).
    expect([...shopSecretNames].filter((name) => !clear.has(name) && name !== 'mailSendgridWebhookKey')).toEqual([])
    const stored = (await t.db.knex('shopSecrets').where({ shop: a.shopId }).pluck('name')) as string[]
    expect(stored.sort()).toEqual([...shopSecretNames].sort())
    expect(clear.size).toBeGreaterThanOrEqual(shopSecretNames.length + 2)
    await assertNothingInClear()
    // The waiting code mail holds its code sealed only: not in its body, its values, nor any row.
    const mail = (await t.db.knex('mailOutbox').where({ to: staff.email, type: 'verify' }).first()) as OutboxRow
    expect(mail).toMatchObject({ status: 'pending', html: '', text: '', values: {}, sealed: expect.stringMatching(/^enc:v1:/) })
    expect(await everyRow(t.db.knex)).not.toContain(`"code": "${staff.code}"`)
  })

  it('answers no secret through any door', async () => {
    answers.push(
      (await door('GET', `shops/${a.shopId}`)).body,
      (await door('GET', 'mail/settings')).body,
      (await door('GET', 'mini/settings')).body,
      (await door('GET', 'accounting/xero')).body
    )
    expect(found(JSON.stringify(answers))).toEqual([])
  })

  it('rotates every one of them: each still works through its door, the old key opens none, still none in clear', async () => {
    const old = activeSecretsKeyring()
    const sealedMails = Number(
      ((await t.db.knex('mailOutbox').whereNotNull('sealed').count({ n: '*' })) as { n: string | number }[])[0].n
    )
    expect(sealedMails).toBeGreaterThanOrEqual(1)
    const fresh = newSecretsKey()
    const report = await rotateSecrets(t.db.knex, {
      secretsKey: `${fresh},${old.current.key.toString('base64url')}`,
      dataDir: 'memory://'
    })
    // Shop secrets, VAPID keys, two-step secret, two verifiers, the waiting code mails: all moved, none left behind.
    expect(report.total).toBe(shopSecretNames.length + 1 + 1 + 2 + sealedMails)
    expect(report.moved).toBe(report.total)
    const onlyFresh: SecretsKeyring = keyringOf([fresh], 'test')
    useSecretsKeyring(onlyFresh)
    expect((await rotateSecrets(t.db.knex, { secretsKey: fresh, dataDir: 'memory://' })).moved).toBe(0)

    // Each opens with the new key alone, through the code that uses it, and with the old key not at all.
    for (const name of shopSecretNames) {
      const read = await readShopSecret(t.db.knex, a.shopId, name as ShopSecretName)
      if (clear.has(name)) expect(read).toBe(clear.get(name))
      await expect(readShopSecret(t.db.knex, a.shopId, name, old)).rejects.toMatchObject(UNREADABLE)
    }
    expect((await vapidKeys(t.db.knex, {})).privateKey).toBe(clear.get('vapidPrivateKey'))
    await expect(readPlatformSecret(t.db.knex, 'vapidKeys', old)).rejects.toMatchObject(UNREADABLE)
    const twoStep = (await t.db.knex('userTwoStep').where({ user: staff.id }).first('secret')) as { secret: string }
    expect(() => openTwoStepSecret(staff.id, twoStep.secret, old)).toThrow()
    // Signing in takes a code of a later step than the confirmation's (that one is used up).
    const later = Math.floor(Date.now() / 30_000) > Math.floor(staff.at / 30_000)
    const signIn = await json(`${t.url}/api/authentication`, {
      method: 'POST',
      body: JSON.stringify({
        strategy: 'local',
        email: staff.email,
        password: 'secret-123',
        totp: later ? codeOf(staff.secret) : codeOf(staff.secret, 1, staff.at)
      })
    })
    expect(signIn.status).toBe(201)
    answers.push(signIn.body)
    const [state] = (await t.db.knex('accountingAuthStates').where({ shop: a.shopId }).whereNull('usedAt').select()) as Body[]
    expect(() => openSecret(old, state.verifier as string, authStateContext(a.shopId, state.stateHash as string))).toThrow()
    // The waiting code mail opens with the new key alone, and its code still verifies the address.
    const mail = (await t.db.knex('mailOutbox').where({ to: staff.email, type: 'verify' }).first()) as OutboxRow
    expect(() => mailBodyOf(() => old, mail)).toThrow()
    expect(await lastCode(t.db.knex, staff.email, 'verify')).toBe(staff.code)
    const verified = await post(t.url, 'users/verify', { token: staff.code }, staff.token)
    expect(verified.status).toBe(201)
    answers.push(verified.body)
    // The pending authorization completes with its verifier sealed under the new key.
    expect((await door('POST', 'accounting/xero', { action: 'callback', ...pendingAuth })).status).toBe(201)
    await noteServerMade()

    await assertNothingInClear()
    expect(found(JSON.stringify(answers))).toEqual([])
  })

  it('seals the two-step secrets an older server stored in clear, once', async () => {
    const secret = new Secret({ size: 20 }).base32
    await t.db.knex('userTwoStep').where({ user: staff.id }).update({ pendingSecret: secret })
    await t.db.knex.transaction((trx) => sealTwoStepMigration(trx))
    const sealed = (await t.db.knex('userTwoStep').where({ user: staff.id }).first()) as { secret: string; pendingSecret: string }
    expect(sealed.pendingSecret).toMatch(/^enc:v1:/)
    expect(openTwoStepSecret(staff.id, sealed.pendingSecret)).toBe(secret)
    expect(openTwoStepSecret(staff.id, sealed.secret)).toBe(staff.secret)
    // Sealed values are left as they are by a second run.
    await t.db.knex.transaction((trx) => sealTwoStepMigration(trx))
    expect(await t.db.knex('userTwoStep').where({ user: staff.id }).first()).toEqual(sealed)
  })
})
