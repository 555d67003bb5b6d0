import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { up as sealMigration } from '../../../src/platform/db/migrations/20261129010000-seal-shop-secrets'
import { rotateSecrets } from '../../../src/platform/secrets/rotate-secrets'
import {
  activeSecretsKeyring,
  keyringOf,
  newSecretsKey,
  resolveSecretsKeyring,
  secretsKeyFile,
  secretsKeyId,
  useSecretsKeyring
} from '../../../src/platform/secrets/secrets-key'
import { readShopSecret } from '../../../src/platform/secrets/shop-secrets'
import { newObjectId } from '../../../src/platform/http/object-id'
import { setShop } from '../../support/order-api'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'

const SECRET = 'sk_test_51AtRestSecretThatMustNeverBeStoredInClear'
const WEBHOOK = 'whsec_AtRestSigningSecretThatMustNeverBeStoredInClear'
const UNREADABLE = { code: 502, data: { key: 'errors.secretUnreadable' } }

/** Shops' stored credentials are sealed at rest with a key that can rotate (issue 28, decision 0122). */
describe.each(await dialects())('shop secrets at rest (%s)', (dialect) => {
  let t: TestApp
  let shops: string[]
  let dataDir: string
  beforeAll(async () => {
    t = await startTestApp(dialect)
    shops = []
    for (const name of ['Sealed', 'Sealed too']) {
      const owner = await shopOwner(t.url, name)
      const card = { provider: 'stripe', enabled: false, publicKey: 'pk_test_public', secretKey: SECRET, webhookSecret: WEBHOOK }
      await setShop(t, owner, { cardPayment: card })
      shops.push(owner.shopId)
    }
    dataDir = mkdtempSync(path.join(tmpdir(), 'emporia-secrets-'))
  })
  afterAll(async () => {
    // The process's keyring goes back to the tests' in-memory one for whatever runs next.
    useSecretsKeyring(resolveSecretsKeyring({ dataDir: 'memory://' }))
    rmSync(dataDir, { recursive: true, force: true })
    await t.close()
  })

  const stored = async () =>
    (await t.db.knex('shopSecrets').whereIn('shop', shops).select('shop', 'name', 'value')) as {
      shop: string
      name: string
      value: string
    }[]

  it('never keeps the clear secret in the column, and reads it back', async () => {
    const rows = await stored()
    expect(rows).toHaveLength(4)
    for (const row of rows) {
      expect(row.value).not.toContain('AtRest')
      expect(row.value).toMatch(new RegExp(`^enc:v1:${activeSecretsKeyring().current.id}:`))
    }
    expect(await readShopSecret(t.db.knex, shops[0], 'stripeSecretKey')).toBe(SECRET)
    expect(await readShopSecret(t.db.knex, shops[0], 'stripeWebhookSecret')).toBe(WEBHOOK)
  })

  it('refuses a changed value and a value moved from another row, cleanly', async () => {
    const [shop, other] = shops
    const original = (await t.db.knex('shopSecrets').where({ shop, name: 'stripeSecretKey' }).first('value')) as { value: string }
    try {
      const flipped = original.value.slice(0, -2) + (original.value.endsWith('AA') ? 'BB' : 'AA')
      await t.db.knex('shopSecrets').where({ shop, name: 'stripeSecretKey' }).update({ value: flipped })
      await expect(readShopSecret(t.db.knex, shop, 'stripeSecretKey')).rejects.toMatchObject(UNREADABLE)
      const theirs = (await t.db.knex('shopSecrets').where({ shop: other, name: 'stripeSecretKey' }).first('value')) as {
        value: string
      }
      await t.db.knex('shopSecrets').where({ shop, name: 'stripeSecretKey' }).update({ value: theirs.value })
      await expect(readShopSecret(t.db.knex, shop, 'stripeSecretKey')).rejects.toMatchObject(UNREADABLE)
      await t.db.knex('shopSecrets').where({ shop, name: 'stripeSecretKey' }).update({ value: 'sk_test_planted_in_clear' })
      await expect(readShopSecret(t.db.knex, shop, 'stripeSecretKey')).rejects.toMatchObject(UNREADABLE)
      // The refusal names nothing of the value.
      const refusal = await readShopSecret(t.db.knex, shop, 'stripeSecretKey').catch((error: { toJSON(): unknown }) => error)
      expect(JSON.stringify((refusal as { toJSON(): unknown }).toJSON())).not.toContain('sk_test')
    } finally {
      await t.db.knex('shopSecrets').where({ shop, name: 'stripeSecretKey' }).update({ value: original.value })
    }
  })

  it('seals the values an older server stored in clear, once', async () => {
    const shop = shops[1]
    const id = newObjectId()
    await t.db.knex('shopSecrets').where({ shop, name: 'stripeWebhookSecret' }).delete()
    await t.db.knex('shopSecrets').insert({ _id: id, shop, name: 'stripeWebhookSecret', value: WEBHOOK })
    await t.db.knex.transaction((trx) => sealMigration(trx))
    const sealed = (await t.db.knex('shopSecrets').where({ _id: id }).first('value')) as { value: string }
    expect(sealed.value).toMatch(/^enc:v1:/)
    expect(await readShopSecret(t.db.knex, shop, 'stripeWebhookSecret')).toBe(WEBHOOK)
    // Sealed values are left as they are by a second run.
    await t.db.knex.transaction((trx) => sealMigration(trx))
    expect(((await t.db.knex('shopSecrets').where({ _id: id }).first('value')) as { value: string }).value).toBe(sealed.value)
  })

  it('rotates the key in SECRETS_KEY: every value moves to the first key, and the old one can be dropped', async () => {
    const old = activeSecretsKeyring()
    const fresh = newSecretsKey()
    const oldText = old.current.key.toString('base64url')
    const report = await rotateSecrets(t.db.knex, { secretsKey: `${fresh},${oldText}`, dataDir: 'memory://' })
    const freshId = secretsKeyId(Buffer.from(fresh, 'base64url'))
    expect(report).toMatchObject({ key: freshId, source: 'SECRETS_KEY' })
    expect(report.moved).toBeGreaterThanOrEqual(4)
    for (const row of await stored()) expect(row.value).toMatch(new RegExp(`^enc:v1:${freshId}:`))
    const onlyFresh = keyringOf([fresh], 'test')
    expect(await readShopSecret(t.db.knex, shops[0], 'stripeSecretKey', onlyFresh)).toBe(SECRET)
    await expect(readShopSecret(t.db.knex, shops[0], 'stripeSecretKey', old)).rejects.toMatchObject(UNREADABLE)
    // A second run has nothing left to move.
    expect((await rotateSecrets(t.db.knex, { secretsKey: fresh, dataDir: 'memory://' })).moved).toBe(0)
    useSecretsKeyring(onlyFresh)
    expect(await readShopSecret(t.db.knex, shops[1], 'stripeWebhookSecret')).toBe(WEBHOOK)
  })

  it('rotates the generated key file: a new key, every value moved, the old key gone from the file', async () => {
    // The values as a server with its key in DATA_DIR/secrets-key stored them.
    const before = resolveSecretsKeyring({ dataDir })
    expect(statSync(secretsKeyFile(dataDir)).mode & 0o777).toBe(0o600)
    expect(resolveSecretsKeyring({ dataDir }).current.id).toBe(before.current.id)
    await rotateSecrets(t.db.knex, {
      secretsKey: `${before.current.key.toString('base64url')},${activeSecretsKeyring().current.key.toString('base64url')}`,
      dataDir: 'memory://'
    })
    const report = await rotateSecrets(t.db.knex, { dataDir })
    expect(report).toMatchObject({ source: 'file' })
    expect(report.key).not.toBe(before.current.id)
    const lines = readFileSync(secretsKeyFile(dataDir), 'utf8').trim().split('\n')
    expect(lines).toHaveLength(1)
    const after = resolveSecretsKeyring({ dataDir })
    expect(after.current.id).toBe(report.key)
    for (const row of await stored()) expect(row.value).toMatch(new RegExp(`^enc:v1:${report.key}:`))
    expect(await readShopSecret(t.db.knex, shops[0], 'stripeSecretKey', after)).toBe(SECRET)
    await expect(readShopSecret(t.db.knex, shops[0], 'stripeSecretKey', before)).rejects.toMatchObject(UNREADABLE)
  })

  it('refuses a SECRETS_KEY that is not a 32-byte key, naming the variable', () => {
    expect(() => resolveSecretsKeyring({ secretsKey: 'too-short', dataDir: 'memory://' })).toThrow(/SECRETS_KEY/)
  })
})
