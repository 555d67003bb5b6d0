import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appIconSizes } from '@emporia/shared'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { putOnPlan } from '../../support/billing-support'
import { madeOrder, patchOrder, setShop } from '../../support/order-api'
import { uploadAs } from '../../support/uploads'
import { json } from '../../support/clients'
import { PATIENCE } from '../../support/waits'
import { readPlatformSecret } from '../../../src/platform/secrets/platform-secrets'
import { rotateSecrets } from '../../../src/platform/secrets/rotate-secrets'
import { activeSecretsKeyring, keyringOf, newSecretsKey } from '../../../src/platform/secrets/secrets-key'
import { reviewShop, signedInCustomer } from './reviews-support'
import { get } from './storefront-support'

const PUBLIC_HOST = 'shops.test'

/** A square red PNG, the picture the merchant picks as the app's icon. */
const redSquare = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#d32f2f' } })
    .png()
    .toBuffer()

/**
 * A push service double (decision 0203): an https server on a certificate made here, which the app
 * trusts through PUSH_CA_FILE; records every delivery web-push makes to it.
 */
const pushDouble = async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'push-double-'))
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')]
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert
    ],
    { stdio: 'ignore' }
  )
  const deliveries: { path: string; headers: Record<string, unknown>; bytes: number }[] = []
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, bytes: Buffer.concat(chunks).length })
      res.statusCode = req.url?.includes('gone') ? 410 : 201
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`
  const close = async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(folder, { recursive: true, force: true })
  }
  return { deliveries, origin, ca: cert, close }
}

/** Keys as a browser's PushSubscription.toJSON() carries them (a real P-256 point and a 16-byte secret). */
const browserKeys = async () => {
  const { createECDH, randomBytes } = await import('node:crypto')
  const curve = createECDH('prime256v1')
  curve.generateKeys()
  return { p256dh: curve.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
}

describe.each(await dialects())('the installable app (%s)', (dialect) => {
  let t: TestApp
  let push: Awaited<ReturnType<typeof pushDouble>>
  let shop: Awaited<ReturnType<typeof reviewShop>>
  let other: Awaited<ReturnType<typeof reviewShop>>
  let subdomain = ''

  beforeAll(async () => {
    push = await pushDouble()
    process.env.PUSH_CA_FILE = push.ca
    t = await startTestApp(dialect, { config: { publicHost: PUBLIC_HOST } })
    shop = await reviewShop(t, 'Pocket Tea')
    other = await reviewShop(t, 'Other Tea')
    subdomain = shop.base.slice(3)
  })

  afterAll(async () => {
    delete process.env.PUSH_CA_FILE
    await t?.close()
    await push?.close()
  })

  const manifestOf = async (base: string, host?: string) => {
    const answer = await get(t.url, `${base}/manifest.webmanifest`, host ? { Host: host } : {})
    return {
      status: answer.status,
      body: answer.status === 200 ? (JSON.parse(answer.text) as Record<string, unknown>) : undefined
    }
  }

  it('offers nothing until the shop has the app feature and an app with a name and an icon', async () => {
    await putOnPlan(t, shop.owner.shopId, 'pro')
    await setShop(t, shop.owner, { appName: 'Pocket Tea App' })
    expect((await manifestOf(shop.base)).status).toBe(404)
    expect((await get(t.url, `${shop.base}/sw.js`)).status).toBe(404)
    expect((await get(t.url, `${shop.base}/`)).text).not.toContain('rel="manifest"')
  })

  it('refuses another shop’s picture as the icon, and colours that are not #rrggbb', async () => {
    const theirs = await uploadAs(t.url, other.owner, await redSquare(), 'theirs.png')
    const answer = await json(`${t.url}/api/shops/${shop.owner.shopId}`, {
      method: 'PATCH',
      token: shop.owner.token,
      body: JSON.stringify({ appIcon: theirs })
    })
    expect(answer).toMatchObject({ status: 400, body: { data: { key: 'shopSettings.iconNotFound', field: 'appIcon' } } })
    const colour = await json(`${t.url}/api/shops/${shop.owner.shopId}`, {
      method: 'PATCH',
      token: shop.owner.token,
      body: JSON.stringify({ appThemeColor: 'red' })
    })
    expect(colour.status).toBe(400)
  })

  it('serves each shop its own manifest, on its host and on the path fallback, with every icon size', async () => {
    const icon = await uploadAs(t.url, shop.owner, await redSquare(), 'icon.png')
    await setShop(t, shop.owner, {
      appName: 'Pocket Tea App',
      appShortName: 'Pocket',
      appIcon: icon,
      appThemeColor: '#112233',
      appBackgroundColor: '#445566',
      appShortcuts: ['cart']
    })
    await putOnPlan(t, shop.owner.shopId, 'business')
    const otherIcon = await uploadAs(t.url, other.owner, await redSquare(), 'other.png')
    await setShop(t, other.owner, { appName: 'Other Tea App', appIcon: otherIcon })
    await putOnPlan(t, other.owner.shopId, 'business')

    const fallback = await manifestOf(shop.base)
    expect(fallback.body).toMatchObject({
      name: 'Pocket Tea App',
      short_name: 'Pocket',
      display: 'standalone',
      start_url: `${shop.base}/`,
      scope: `${shop.base}/`,
      theme_color: '#112233',
      background_color: '#445566',
      shortcuts: [{ url: `${shop.base}/cart` }]
    })
    const icons = fallback.body?.icons as { src: string; sizes: string; purpose: string }[]
    expect(icons.filter((one) => one.purpose === 'any').map((one) => one.sizes)).toEqual(
      appIconSizes.map((size) => `${size}x${size}`)
    )
    expect(icons.some((one) => one.purpose === 'maskable' && one.sizes === '512x512')).toBe(true)

    const onHost = await manifestOf('', `${subdomain}.${PUBLIC_HOST}`)
    expect(onHost.body).toMatchObject({ name: 'Pocket Tea App', start_url: '/', scope: '/' })
    const otherSub = other.base.slice(3)
    expect((await manifestOf('', `${otherSub}.${PUBLIC_HOST}`)).body).toMatchObject({ name: 'Other Tea App', start_url: '/' })

    for (const one of icons.filter((entry) => entry.sizes === '48x48' || entry.sizes === '512x512')) {
      const png = await fetch(`${t.url}${one.src}`)
      expect(png.headers.get('content-type')).toBe('image/png')
      const facts = await sharp(Buffer.from(await png.arrayBuffer())).metadata()
      expect(`${facts.width}x${facts.height}`).toBe(one.sizes)
    }
    const page = await get(t.url, `${shop.base}/`)
    expect(page.text).toContain(`<link rel="manifest" href="${shop.base}/manifest.webmanifest"`)
    expect(page.text).toContain('<meta name="theme-color" content="#112233">')
  })

  it('serves the Workbox service worker with the storefront’s own script to precache', async () => {
    const worker = await get(t.url, `${shop.base}/sw.js`)
    expect(worker.status).toBe(200)
    expect(worker.headers['content-type']).toContain('javascript')
    expect(worker.text).toMatch(/"url":"\/_emporia\/islands-[0-9a-f]{12}\.js"/)
    expect(worker.text).not.toContain('__WB_MANIFEST')
    const islands = /\/_emporia\/islands-[0-9a-f]{12}\.js/.exec(worker.text)![0]
    expect((await get(t.url, islands)).status).toBe(200)
  })

  const subscribe = (base: string, cookie: string, body: unknown, method = 'POST') =>
    fetch(`${t.url}${base}/_commerce/push/subscriptions`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body)
    })

  it('binds a subscription to the signed-in customer; another customer’s is refused and nothing is written', async () => {
    const ann = await signedInCustomer(t, shop.owner, 'Ann')
    const bob = await signedInCustomer(t, shop.owner, 'Bob')
    const subscription = { endpoint: `${push.origin}/push/ann`, keys: await browserKeys() }
    const rows = () => t.db.knex('pushSubscriptions').count({ n: '*' }).first()
    expect((await subscribe(shop.base, '', { subscription })).status).toBe(401)
    expect((await subscribe(shop.base, ann.cookie, { subscription, customer: bob.id })).status).toBe(403)
    expect(Number((await rows())?.n)).toBe(0)
    expect((await subscribe(shop.base, ann.cookie, { subscription })).status).toBe(201)
    // Bob cannot take Ann's browser over, nor may another shop's session use this shop's address.
    expect((await subscribe(shop.base, bob.cookie, { subscription })).status).toBe(403)
    const stranger = await signedInCustomer(t, other.owner, 'Cleo')
    expect((await subscribe(shop.base, stranger.cookie, { subscription })).status).toBe(401)
    const stored = await t.db.knex('pushSubscriptions').select('customer', 'shop')
    expect(stored.map((row) => [String(row.customer).trim(), String(row.shop).trim()])).toEqual([[ann.id, shop.owner.shopId]])
    const plain = { endpoint: subscription.endpoint.replace('https:', 'http:'), keys: subscription.keys }
    expect((await subscribe(shop.base, ann.cookie, { subscription: plain })).status).toBe(400)
  })

  it('tells the customer’s browser when the order’s status changes, once, through the push service', async () => {
    // The shop keeps no stock: the order is taken whatever the shelves hold.
    await setShop(t, shop.owner, { useInventory: false })
    const dan = await signedInCustomer(t, shop.owner, 'Dan')
    const subscription = { endpoint: `${push.origin}/push/dan`, keys: await browserKeys() }
    expect((await subscribe(shop.base, dan.cookie, { subscription })).status).toBe(201)
    const order = await madeOrder(t, shop.owner, {
      user: dan.id,
      products: [{ product: shop.tea, quantity: 1 }],
      payments: [{ method: 'cash', amount: 1200 }]
    })
    expect((await patchOrder(t, shop.owner, order._id, { status: 'shipped' })).status).toBe(200)
    await expect.poll(() => push.deliveries.filter((one) => one.path === '/push/dan').length, PATIENCE).toBe(1)
    const delivery = push.deliveries.find((one) => one.path === '/push/dan')!
    expect(delivery.headers['content-encoding']).toBe('aes128gcm')
    expect(String(delivery.headers.authorization)).toMatch(/^vapid t=.+, k=.+/)
    expect(delivery.bytes).toBeGreaterThan(0)
    // The same status again (another change of the order) is not told twice.
    await patchOrder(t, shop.owner, order._id, { remarks: 'left at the door' })
    await expect
      .poll(
        async () => Number((await t.db.knex('pushNotices').where({ order: order._id }).count({ n: '*' }).first())?.n),
        PATIENCE
      )
      .toBe(1)
    expect(push.deliveries.filter((one) => one.path === '/push/dan')).toHaveLength(1)
    // Erasing the customer's personal data takes their subscriptions with it.
    const erased = await json(`${t.url}/api/shopUsers/erase?shop=${shop.owner.shopId}`, {
      method: 'POST',
      token: shop.owner.token,
      body: JSON.stringify({ user: dan.id })
    })
    expect(erased.status).toBe(201)
    expect(await t.db.knex('pushSubscriptions').where({ customer: dan.id }).first()).toBeUndefined()
  })

  it('keeps the VAPID private key sealed and never answers it', async () => {
    const key = (await (await fetch(`${t.url}${shop.base}/_commerce/push/key`)).json()) as Record<string, string>
    expect(Object.keys(key)).toEqual(['publicKey'])
    const stored = (await t.db.knex('platformSecrets').where({ name: 'vapidKeys' }).first('value')) as { value: string }
    expect(stored.value.startsWith('enc:v1:')).toBe(true)
    expect(stored.value).not.toContain(key.publicKey)
    const shopRead = await json(`${t.url}/api/shops/${shop.owner.shopId}`, { token: shop.owner.token })
    expect(JSON.stringify(shopRead.body)).not.toMatch(/privateKey|vapid/i)
    // A key rotation (decision 0122) moves the platform's secrets too: the new key alone opens them.
    const fresh = newSecretsKey()
    const old = activeSecretsKeyring().current.key.toString('base64url')
    await rotateSecrets(t.db.knex, { secretsKey: `${fresh},${old}`, dataDir: 'memory://' })
    const reopened = await readPlatformSecret(t.db.knex, 'vapidKeys', keyringOf([fresh], 'test'))
    expect((JSON.parse(reopened!) as { publicKey: string }).publicKey).toBe(key.publicKey)
  })
})
