import { describe, expect, it } from 'vitest'
import { routeSpecs, samplePath } from '../../apps/web/src/app/router/route-paths'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'

const hex = (char: string) => char.repeat(24)

describe('routing (spec §2.1, §2.2)', () => {
  const app = useApp()
  let owner: Merchant

  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'routes'))

  it('every route exists with and without the shop prefix, and says "Coming soon" where the screen is not there yet', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, '/dashboard')
    const shell = new Shell(page)
    await shell.route()
    const shop = who.shop!._id
    const checked: string[] = []
    const names = new Set(routeSpecs.map((spec) => spec.name))
    // Client-side navigation (as the app's own links do) instead of a full load per route: the same
    // route matching, a tenth of the time. The prefixless pass runs first, then the prefixed one, so
    // two routes in a row never expect the same screen; where the screen shown would already pass,
    // the dashboard (or the orders list) comes in between so a stale page never answers for a new one.
    const go = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to)
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
      }, path)
    const settle = (path: string, accepted: (route: string, here: boolean) => boolean) =>
      expect
        .poll(async () => `${shell.pathname()} ${await shell.main().first().getAttribute('data-route')}`, {
          ...poll,
          message: path
        })
        .toSatisfy((seen) => {
          const [pathname, route] = seen.split(' ')
          return accepted(route, pathname === new URL(path, 'http://x').pathname)
        })
    for (const prefix of ['', `/${shop}`]) {
      for (const spec of routeSpecs) {
        if (spec.access === 'guest' || spec.name === 'logout' || spec.name === 'index') continue
        const path = `${prefix}${samplePath(spec, hex('e'))}`
        const expected = prefix && spec.path === '' ? 'dashboard' : spec.name
        // A route of a record (the list's editor, a detail page, the page designer) opens the sample id's
        // record; no such record exists, so the screen says so and returns to a screen above it (its
        // list) — possibly before the first look. An unknown route would show the 404 page, never a list.
        const above = spec.path.includes('$id')
          ? spec.name
              .split('/')
              .map((_, index, parts) => parts.slice(0, index).join('/'))
              .filter((name) => names.has(name))
          : []
        const accepted = (route: string, here: boolean) => (here && route === expected) || above.includes(route)
        if (accepted((await shell.main().first().getAttribute('data-route')) ?? '', true)) {
          const between = expected === 'dashboard' ? `${prefix}/orders` : `${prefix}/dashboard`
          await go(between)
          await settle(between, (route, here) => here && !accepted(route, true))
        }
        await go(path)
        await settle(path, accepted)
        expect(await shell.errorPage().count(), path).toBe(0)
        if (spec.page === 'placeholder') {
          const text = await shell.placeholder().textContent()
          // Merchants are told the screen is coming, never which work item brings it.
          expect(text, path).toMatch(/^Coming soonThe .+ screen is coming soon\.$/)
          expect(text, path).not.toMatch(/issue/i)
        }
        checked.push(path)
      }
    }
    expect(checked.length).toBeGreaterThan(150)
  })

  it('guest routes and the index exist with and without the prefix too', async () => {
    const page = await app.open()
    const shell = new Shell(page)
    for (const spec of routeSpecs.filter((route) => route.access === 'guest')) {
      for (const prefix of ['', `/${hex('a')}`]) {
        await page.goto(app.url(`${prefix}/${spec.path}`))
        // A shop prefix is checked only once someone is signed in: a guest sees the page itself.
        await expect.poll(() => shell.main().first().getAttribute('data-route'), poll).toBe(spec.name)
      }
    }
    await page.goto(app.url('/'))
    await expect.poll(() => shell.pathname(), poll).toBe('/login')
  })

  it('prefixes link targets with the current shop, unless they already name one', async () => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const page = await app.openAs(who, `/${shop}/dashboard`)
    const shell = new Shell(page)
    await shell.route()
    expect(await shell.menu('orders').getAttribute('href')).toBe(`/${shop}/orders`)
    expect(await shell.menu('home').getAttribute('href')).toBe(`/${shop}/dashboard`)
    await shell.menu('orders').click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${shop}/orders`)
    await expect.poll(() => shell.route(), poll).toBe('orders')

    await page.goto(app.url('/dashboard'))
    await shell.route()
    expect(await shell.menu('orders').getAttribute('href')).toBe('/orders')
  })

  it('sends a shop that is not among the user’s shops to /dashboard', async () => {
    const who = await ownerOnce()
    const stranger = await merchant(app.server.url, 'stranger')
    const page = await app.openAs(who, `/${stranger.shop!._id}/orders`)
    const shell = new Shell(page)
    await expect.poll(() => shell.pathname(), poll).toBe('/dashboard')
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
  })

  it('sends a user without a shop from a shop-scoped page to /eshop', async () => {
    const who = await merchant(app.server.url, 'noshop', { withShop: false })
    const page = await app.openAs(who, '/products')
    const shell = new Shell(page)
    await expect.poll(() => shell.pathname(), poll).toBe('/eshop')
    await expect.poll(() => shell.route(), poll).toBe('eshop')
  })

  it('runs i18n, check-auth and change-shop in that order on every page', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, '/orders')
    const shell = new Shell(page)
    await shell.route()
    expect(await page.evaluate(() => document.documentElement.dataset.steps)).toBe('i18n,check-auth,change-shop')
    await shell.menu('products').click()
    await expect.poll(() => shell.route(), poll).toBe('products')
    expect(await page.evaluate(() => document.documentElement.dataset.steps)).toBe('i18n,check-auth,change-shop')
  })

  it('switches the language with ?lang= and keeps it for 365 days', async () => {
    const page = await app.open({ lang: null })
    const shell = new Shell(page)
    await page.goto(app.url('/login'))
    await shell.route()
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-HK')
    expect(await page.getByTestId('form-title').textContent()).toBe('登入')

    await page.goto(app.url('/login?lang=chs'))
    await expect.poll(() => page.getByTestId('form-title').textContent(), poll).toBe('登录')
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN')
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'emporia-lang')!
    expect(cookie.value).toBe('chs')
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)

    await page.goto(app.url('/login'))
    await expect.poll(() => page.getByTestId('form-title').textContent(), poll).toBe('登录')
  })

  it('shows the 404 page with a Homepage link for unknown and invalid routes', async () => {
    const who = await ownerOnce()
    const page = await app.openAs(who, '/no/such/page')
    const shell = new Shell(page)
    for (const path of [
      '/no/such/page',
      '/nonsense',
      `/${hex('z')}/dashboard`,
      '/orders/not-an-id',
      `/${who.shop!._id}/products/edit/xyz`
    ]) {
      await page.goto(app.url(path))
      await expect.poll(() => shell.text(shell.errorStatus()), { ...poll, message: path }).toBe('404')
      expect(await shell.text(shell.errorMessage())).toBe('This page could not be found')
    }
    // From under a shop, Homepage is that shop's index, which shows the dashboard.
    await shell.homepageLink().click()
    await expect.poll(() => shell.pathname(), poll).toBe(`/${who.shop!._id}/`)
    await expect.poll(() => shell.route(), poll).toBe('dashboard')
    await page.goto(app.url('/no/such/page'))
    await shell.homepageLink().click()
    await expect.poll(() => shell.pathname(), poll).toBe('/dashboard')
  })

  it('has the product name as default title and the meta description', async () => {
    const page = await app.open()
    await page.goto(app.url('/'))
    await expect.poll(() => page.title(), poll).toBe('Login | Emporia')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'The All In One E-Commerce Solution For Your Business'
    )
    // Deep links get the app (SPA fallback); unknown API paths a JSON 404, never the app.
    const response = await fetch(app.url('/anything'))
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await response.text()).toContain('<title>Emporia</title>')
    const missing = await fetch(app.url('/api/no-such-service'))
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { name?: string }).name).toBe('NotFound')
  })
})
