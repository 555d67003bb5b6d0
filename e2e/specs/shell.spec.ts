import type { WebSocketRoute } from 'playwright-core'
import type { Shop } from '@emporia/shared'
import { describe, expect, it } from 'vitest'
import { Shell } from '../pages/shell'
import { createShop, merchant, uniqueSubdomain, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { grantPlanWithout } from '../support/paid-features'
import { LONG_HOLD_MS, nextFrame, pageTimer } from '../support/press'

/** Drawer entries of paid features, with the feature each needs. */
const PAID_ENTRIES = {
  app: 'app',
  bundles: 'bundle',
  discounts: 'discount',
  promotions: 'promotion',
  pos: 'pos',
  subsequentPayments: 'subsequentPayment'
} as const

describe('drawer, top bar and connection (spec §2.4, §2.5, §4.5)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'shell'))

  it('shows the menu of §2.4 in order, gated by role and feature, with the plan subtitle', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await expect
      .poll(() => shell.menuKeys(), poll)
      .toEqual([
        'home',
        'eshop',
        'app',
        'mini',
        'warehouses',
        'products',
        'bundles',
        'discounts',
        'couponTemplates',
        'promotions',
        'orders',
        'payments',
        'charts',
        'pos',
        'shopUsers',
        'subsequentPayments',
        'billing',
        'settings',
        'profile',
        'logout'
      ])
    // A new shop is in its trial with every paid feature (decision 0129): nothing disabled, nothing to upgrade.
    for (const key of ['app', 'mini', 'pos', 'products'])
      expect(await shell.menu(key).getAttribute('aria-disabled'), key).toBeNull()
    expect(await page.locator('[data-testid$="-upgrade"]').count()).toBe(0)
    // Trial shop without contract: "Upgrade" with the days left (TRIAL_DAYS, 14 by default).
    expect(await shell.text(shell.menu('billing'))).toMatch(/^UpgradeTrial: 1[34] days left$/)

    await shell.menu('eshop').click()
    await expect.poll(() => shell.menuKeys(), poll).toContain('eshop/banners')
    const keys = await shell.menuKeys()
    expect(keys.slice(keys.indexOf('eshop'), keys.indexOf('eshop') + 7)).toEqual([
      'eshop',
      'eshop',
      'eshop/pages',
      'eshop/theme',
      'eshop/categories',
      'eshop/brands',
      'eshop/domains'
    ])
    await shell.menu('warehouses').click()
    // No inventory lots unless the shop uses them.
    await expect.poll(() => shell.menuKeys(), poll).toContain('warehouses/inventoryLogs')
    expect(await shell.menuKeys()).not.toContain('warehouses/inventoryLots')
  })

  it('marks the entries of paid features the plan lacks "Upgrade" and keeps them reachable (decision 0132)', async () => {
    const who = await merchant(app.server.url, 'shell-plan')
    await grantPlanWithout(app.server.url, who, 'pos')
    const shop = (await (
      await fetch(`${app.server.url}/api/shops/${who.shop!._id}`, {
        headers: { authorization: `Bearer ${who.session.accessToken}` }
      })
    ).json()) as Shop
    const off = Object.entries(PAID_ENTRIES)
      .filter(([, feature]) => !shop.attributes[feature])
      .map(([key]) => key)
    expect(off).toContain('pos')
    const page = await app.openAs(who, '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.menuKeys(), poll).toContain('pos')
    // The marks follow the shop's plan, which may arrive after the first drawer: waited for, each.
    for (const key of off)
      await expect.poll(() => page.getByTestId(`menu-${key}-upgrade`).count(), { ...poll, message: key }).toBe(1)
    // The plan's own are not marked; under contract the entry says "Billing".
    expect(await page.getByTestId('menu-products-upgrade').count()).toBe(0)
    expect(await shell.text(shell.menu('billing'))).toMatch(/^Billing/)
  })

  it('shows only Verify, Profile and Logout to an unverified user, and the verify prompt', async () => {
    const unverified = await merchant(app.server.url, 'unverified', { verified: false })
    const page = await app.openAs(unverified, '/profile')
    const shell = new Shell(page)
    await expect.poll(() => shell.menuKeys(), poll).toEqual(['verify', 'profile', 'logout'])
    await page.goto(app.url('/dashboard'))
    await expect.poll(() => shell.text(page.getByTestId('verify-prompt')), poll).toContain('Please verify your email.')
  })

  it('is 250 px wide, 80 px in mini mode, and remembers the choice', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    expect((await shell.drawer().boundingBox())!.width).toBe(250)
    await shell.drawerToggle().click()
    await expect.poll(async () => (await shell.drawer().boundingBox())!.width, poll).toBe(80)
    expect(await shell.drawerRoot().getAttribute('data-mini')).toBe('true')
    await page.reload()
    await expect.poll(async () => (await shell.drawer().boundingBox())?.width, poll).toBe(80)
    await shell.drawerToggle().click()
    await expect.poll(async () => (await shell.drawer().boundingBox())!.width, poll).toBe(250)
  })

  it('shows device and server status with latency, records a disconnect, reconnects and re-authenticates', async () => {
    const page = await app.open()
    const sockets: WebSocketRoute[] = []
    await page.routeWebSocket(/\/api\/socket\.io\//, (socket) => {
      socket.connectToServer()
      sockets.push(socket)
    })
    const who = await ownerOnce()
    await page.addInitScript((token) => localStorage.setItem('emporia-jwt', token), who.session.accessToken)
    await page.goto(app.url('/dashboard'))
    const shell = new Shell(page)
    await expect.poll(() => shell.serverStatus().getAttribute('data-state'), poll).toBe('online')
    await expect.poll(() => shell.text(page.getByTestId('server-status-detail')), poll).toMatch(/^ \d+ ms$/)
    expect(await shell.deviceStatus().getAttribute('data-state')).toBe('online')
    expect(await shell.lastDisconnect().count()).toBe(0)

    await sockets.at(-1)!.close()
    await expect
      .poll(() => shell.text(shell.lastDisconnect()), poll)
      .toMatch(/^Last disconnected \w{3} \d+, \d{4} \d+:\d{2} [AP]M$/)
    await expect.poll(() => sockets.length, poll).toBeGreaterThan(1)
    await expect.poll(() => shell.serverStatus().getAttribute('data-state'), poll).toBe('online')
    // Re-authenticated on the new socket: signed-in pages and calls still work.
    await shell.menu('profile').click()
    await expect.poll(() => shell.text(page.getByTestId('profile-email')), poll).toBe(who.email)

    await page.context().setOffline(true)
    await expect.poll(() => shell.deviceStatus().getAttribute('data-state'), poll).toBe('offline')
    await page.context().setOffline(false)
    await expect.poll(() => shell.deviceStatus().getAttribute('data-state'), poll).toBe('online')
  })

  it('talks msgpack (binary) over the socket with ?msgpack=1', async () => {
    const page = await app.open()
    const frames: (string | Buffer)[] = []
    page.on('websocket', (socket) => socket.on('framesent', (frame) => frames.push(frame.payload)))
    const who = await ownerOnce()
    await page.addInitScript((token) => localStorage.setItem('emporia-jwt', token), who.session.accessToken)
    await page.goto(app.url('/dashboard?msgpack=1'))
    const shell = new Shell(page)
    await expect.poll(() => shell.text(page.getByTestId('server-status-detail')), poll).toMatch(/ms$/)
    // socket.io packets (not engine.io's text pings) all went binary.
    expect(frames.some((payload) => typeof payload !== 'string')).toBe(true)
    expect(frames.filter((payload) => typeof payload === 'string' && payload.startsWith('4'))).toEqual([])
  })

  it('switches the interface language from the drawer menu', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard')
    const shell = new Shell(page)
    await expect.poll(() => shell.text(shell.menu('orders')), poll).toBe('Orders')
    await shell.chooseLanguage('chs')
    await expect.poll(() => shell.text(shell.menu('orders')), poll).toBe('订单')
    await shell.chooseLanguage('cht')
    await expect.poll(() => shell.text(shell.menu('orders')), poll).toBe('訂單')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-HK')
  })

  it('offers a shop switcher with more than one shop; switching goes to that shop’s dashboard', async () => {
    const who = await merchant(app.server.url, 'twoshops')
    const second = await createShop(app.server.url, who.session, 'Second shop', uniqueSubdomain('second'))
    const page = await app.openAs(who, '/orders')
    const shell = new Shell(page)
    await expect.poll(() => shell.shopSwitcher().count(), poll).toBe(1)
    await shell.shopSwitcher().click()
    await page.getByTestId(`shop-option-${second._id}`).click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${second._id}/dashboard`)
    await expect.poll(() => shell.text(page.getByTestId('drawer-shop-name')), poll).toBe('Second shop')
  })

  it('tells a short press from a long one (1000 ms, 20 px tolerance) and shows badges', async () => {
    const page = await app.openAs(await ownerOnce(), '/emporia/test')
    const shell = new Shell(page)
    const button = page.getByTestId('action-press')
    await expect.poll(() => shell.text(shell.title()), poll).toBe('Developer Test')
    await button.click()
    await expect.poll(() => shell.text(page.getByTestId('dev-short')), poll).toBe('Short presses: 1')

    const box = (await button.boundingBox())!
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    // Held on the page's own clock (support/press.ts): past the app's 1000 ms timer however busy the machine.
    await page.mouse.move(x, y)
    await page.mouse.down()
    await pageTimer(page, LONG_HOLD_MS)
    await page.mouse.up()
    await expect.poll(() => shell.text(page.getByTestId('dev-long')), poll).toBe('Long presses: 1')
    expect(await shell.text(page.getByTestId('dev-short'))).toBe('Short presses: 1')
    expect(await shell.text(page.getByTestId('action-press-badge'))).toBe('2')

    // A press released early is short; one that moves 15 px (within the 20 px tolerance) still counts.
    await page.mouse.move(x, y)
    await page.mouse.down()
    await pageTimer(page, 500)
    await page.mouse.up()
    await expect.poll(() => shell.text(page.getByTestId('dev-short')), poll).toBe('Short presses: 2')
    await page.mouse.move(x - 6, y)
    await page.mouse.down()
    await page.mouse.move(x + 9, y)
    await pageTimer(page, LONG_HOLD_MS)
    await page.mouse.up()
    await expect.poll(() => shell.text(page.getByTestId('dev-long')), poll).toBe('Long presses: 2')

    // Moving more than 20 px cancels the press: neither long nor short.
    await page.mouse.move(x - 12, y)
    await page.mouse.down()
    await page.mouse.move(x + 12, y, { steps: 4 })
    await pageTimer(page, LONG_HOLD_MS)
    await page.mouse.up()
    await nextFrame(page)
    expect(await shell.text(page.getByTestId('dev-long'))).toBe('Long presses: 2')
    expect(await shell.text(page.getByTestId('dev-short'))).toBe('Short presses: 2')
  })

  it('toggles fullscreen with an exit button', async () => {
    const page = await app.openAs(await ownerOnce(), '/dashboard')
    await page.getByTestId('fullscreen-enter').click()
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null), poll).toBe(true)
    await page.getByTestId('fullscreen-exit').click()
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null), poll).toBe(false)
    await expect.poll(() => page.getByTestId('fullscreen-enter').count(), poll).toBe(1)
  })
})
