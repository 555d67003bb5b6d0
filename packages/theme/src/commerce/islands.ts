// The cart's islands (decision 0109): the visitor's cart in localStorage, add-to-cart on product pages,
// the cart and checkout pages priced by the server, and the bank slip upload. Plain DOM, no framework.
import { hydrateIslands, registerIsland } from '../islands/index'
import { formatCents } from '../props'
import { captchaOf } from './captcha-islands'
// The account's island (decision 0114) rides in the same bundle.
import './account-islands'
// So does the product page's comment form (decision 0193).
import './comment-islands'
import { installedChannel } from './channel-islands'

interface Line {
  product: string
  sku: string
  quantity: number
}
interface Cart {
  lines: Line[]
  coupons: string[]
}
type Texts = Record<string, string>
interface Priced {
  lines: { product: string; sku: string; name: string; price: number; quantity: number; total: number }[]
  subtotal: number
  discount: number
  total: number
  coupons: string[]
  refused: { code: string; message: string }[]
  suggestions: { message: string }[]
  shipping: { _id: string; fee: number }[]
  /** The cart holds an age-restricted product (decision 0178). */
  ageRestricted?: boolean
}

const PRODUCT_PATH = /\/products\/([0-9a-f]{24})\/?$/
const MAX_QUANTITY = 9999

/** The shop's part of the address: '' on its own host, `/s/{subdomain}` on the path fallback. */
const baseOf = () => /^\/s\/[^/]+/.exec(location.pathname)?.[0] ?? ''
const storeKey = (base: string) => `emporia-cart:${location.host}${base}`

const readCart = (base: string): Cart => {
  try {
    const stored = JSON.parse(localStorage.getItem(storeKey(base)) ?? '') as Cart
    if (Array.isArray(stored.lines) && Array.isArray(stored.coupons)) return stored
  } catch {
    // No cart yet, or one this version cannot read: start empty.
  }
  return { lines: [], coupons: [] }
}

const writeCart = (base: string, cart: Cart) => {
  localStorage.setItem(storeKey(base), JSON.stringify(cart))
  showCount(base)
}

/** The header's cart badge: how many items the cart holds. */
const showCount = (base: string) => {
  const count = readCart(base).lines.reduce((sum, line) => sum + line.quantity, 0)
  document.querySelectorAll<HTMLElement>('[data-cart-count]').forEach((badge) => {
    badge.textContent = String(count)
    badge.hidden = count === 0
  })
}

const add = (base: string, line: Line) => {
  const cart = readCart(base)
  const same = cart.lines.find((known) => known.product === line.product && known.sku === line.sku)
  if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + line.quantity)
  else cart.lines.push(line)
  writeCart(base, cart)
}

/** Posts JSON to one of the shop's commerce calls; a refusal rejects with the server's (translated) error. */
const call = async <T>(base: string, path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${base}/_commerce${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body)
  })
  const answer = (await response.json()) as T & { message?: string; data?: { field?: string } }
  if (!response.ok) throw answer
  return answer
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

const textsOf = (root: HTMLElement): Texts => JSON.parse(root.dataset.texts ?? '{}') as Texts

/** Cents as the shop shows money: with the symbol the server drew on the island's root (decision 0187). */
export const moneyOf =
  (root: HTMLElement) =>
  (cents: number): string =>
    formatCents(cents, root.dataset.currency || '$')

/** The sums block: subtotal, discount, delivery (when chosen) and total. */
const drawSums = (root: HTMLElement, texts: Texts, priced: Priced, shipping = 0) => {
  const sums = root.querySelector<HTMLElement>('[data-cart-sums]')
  if (!sums) return
  const money = moneyOf(root)
  const row = (label: string, cents: number, total = false) => {
    const line = element('div', total ? 'ef-sums__total' : undefined)
    line.append(element('span', undefined, label), element('span', undefined, money(cents)))
    return line
  }
  sums.replaceChildren(
    row(texts['cart.subtotal'], priced.subtotal),
    ...(priced.discount > 0 ? [row(texts['cart.discount'], -priced.discount)] : []),
    ...(shipping > 0 ? [row(texts['cart.shipping'], shipping)] : []),
    row(texts['cart.total'], priced.total + shipping, true)
  )
  sums.dataset.total = String(priced.total + shipping)
}

/** The cart page: lines with quantity pickers, coupons, suggestions and sums, repriced on every change. */
const cartIsland = (root: HTMLElement) => {
  const base = root.dataset.base ?? baseOf()
  const texts = textsOf(root)
  const money = moneyOf(root)
  const list = root.querySelector<HTMLElement>('[data-cart-lines]')
  const error = root.querySelector<HTMLElement>('[data-cart-error]')
  const checkout = root.querySelector<HTMLElement>('[data-cart-checkout]')
  const suggestions = root.querySelector<HTMLElement>('[data-cart-suggestions]')
  const refresh = async () => {
    const cart = readCart(base)
    if (error) error.textContent = ''
    if (!cart.lines.length) {
      list?.replaceChildren(element('li', 'ef-note', texts['cart.empty']))
      root.querySelector('[data-cart-sums]')?.replaceChildren()
      suggestions?.replaceChildren()
      if (checkout) checkout.hidden = true
      return
    }
    let priced: Priced
    try {
      priced = await call<Priced>(base, '/cart', cart)
    } catch (refusal) {
      const problem = refusal as { message?: string; data?: { field?: string } }
      // A line the shop no longer sells is dropped, so the rest can still be bought.
      const at = /^lines\.(\d+)/.exec(problem.data?.field ?? '')
      if (at) {
        cart.lines.splice(Number(at[1]), 1)
        writeCart(base, cart)
      }
      if (error) error.textContent = problem.message ?? ''
      if (at) void refresh()
      return
    }
    if (priced.refused.length) writeCart(base, { ...cart, coupons: priced.coupons })
    if (error) error.textContent = priced.refused.map((refused) => `${refused.code}: ${refused.message}`).join(' ')
    list?.replaceChildren(
      ...priced.lines.map((line, i) => {
        const item = element('li', 'ef-cart-line')
        item.dataset.product = line.product
        const name = element('span', 'ef-cart-line__name', line.name)
        const picker = element('div', 'ef-num')
        picker.dataset.island = 'numPicker'
        const minus = element('button', undefined, '−')
        minus.type = 'button'
        minus.dataset.step = '-1'
        const plus = element('button', undefined, '+')
        plus.type = 'button'
        plus.dataset.step = '1'
        const input = element('input')
        Object.assign(input, { type: 'number', min: '1', max: String(MAX_QUANTITY), value: String(line.quantity) })
        input.setAttribute('aria-label', texts['cart.quantity'])
        input.addEventListener('change', () => {
          const quantity = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number(input.value) || 1)))
          const now = readCart(base)
          if (now.lines[i]) now.lines[i].quantity = quantity
          writeCart(base, now)
          void refresh()
        })
        picker.append(minus, input, plus)
        const remove = element('button', 'ef-cart-line__remove', texts['cart.remove'])
        remove.type = 'button'
        remove.addEventListener('click', () => {
          const now = readCart(base)
          now.lines.splice(i, 1)
          writeCart(base, now)
          void refresh()
        })
        const total = element('span', undefined, money(line.total))
        const side = element('div')
        side.append(picker, remove)
        item.append(name, side, total)
        return item
      })
    )
    if (list) hydrateIslands(list)
    suggestions?.replaceChildren(...priced.suggestions.map((suggestion) => element('p', 'ef-note', suggestion.message)))
    drawSums(root, texts, priced)
    if (checkout) checkout.hidden = false
  }
  root.querySelector<HTMLFormElement>('[data-cart-coupon]')?.addEventListener('submit', (event) => {
    event.preventDefault()
    const field = (event.target as HTMLFormElement).elements.namedItem('coupon') as HTMLInputElement
    const code = field.value.trim()
    if (!code) return
    const cart = readCart(base)
    if (!cart.coupons.includes(code)) cart.coupons.push(code)
    writeCart(base, cart)
    field.value = ''
    void refresh()
  })
  void refresh()
}

/** A random key for this checkout, kept until it succeeds: a second click or a retry sends the same. */
const checkoutKey = (base: string) => {
  const name = `emporia-checkout:${base}`
  let key = sessionStorage.getItem(name)
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(18))
    key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
    sessionStorage.setItem(name, key)
  }
  return key
}

/** What the checkout needs of the card provider's browser script, in Stripe.js's own terms. */
interface CardElement {
  mount(target: HTMLElement): void
}
interface CardProviderJs {
  elements(): { create(type: 'card'): CardElement }
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: CardElement } }
  ): Promise<{ paymentIntent?: { status: string }; error?: { type?: string; code?: string; message?: string } }>
}
type CardOutcome = 'paid' | 'declined' | 'failed'

/**
 * The card field (decision 0115): the provider's script, from the address the server put on the page
 * (its CSP allows exactly that origin), mounted once; `confirm` pays an order's intent with it.
 */
const cardForm = (root: HTMLElement): Promise<((clientSecret: string) => Promise<CardOutcome>) | undefined> => {
  const { cardScript, cardKey } = root.dataset
  const spot = root.querySelector<HTMLElement>('[data-card-element]')
  if (!cardScript || !cardKey || !spot) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const script = document.createElement('script')
    script.src = cardScript
    script.async = true
    script.onerror = () => resolve(undefined)
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: (key: string) => CardProviderJs }).Stripe
      if (!factory) return resolve(undefined)
      const provider = factory(cardKey)
      const card = provider.elements().create('card')
      spot.replaceChildren()
      card.mount(spot)
      resolve(async (clientSecret) => {
        type Answer = Awaited<ReturnType<CardProviderJs['confirmCardPayment']>>
        const result: Answer = await provider
          .confirmCardPayment(clientSecret, { payment_method: { card } })
          .catch((): Answer => ({ error: { type: 'api_connection_error' } }))
        if (!result.error)
          return result.paymentIntent?.status === 'succeeded' || result.paymentIntent?.status === 'processing' ? 'paid' : 'failed'
        return result.error.type === 'card_error' ? 'declined' : 'failed'
      })
    }
    document.head.append(script)
  })
}

/** The checkout page: the cart's sums with the delivery fee, and the order sent once. */
const checkoutIsland = (root: HTMLElement) => {
  const base = root.dataset.base ?? baseOf()
  const texts = textsOf(root)
  const money = moneyOf(root)
  const form = root.querySelector<HTMLFormElement>('[data-checkout-form]')
  if (!form) return
  let priced: Priced | undefined
  let busy = false
  const card = cardForm(root)
  const captcha = captchaOf(form)
  const value = (name: string) => {
    const field = form.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null
    return field ? field.value.trim() : ''
  }
  const showDelivery = () => {
    const pickUp = value('delivery') === 'pickUp' || value('delivery') === ''
    const address = root.querySelector<HTMLElement>('[data-address]')
    if (address) address.hidden = pickUp
    const cardField = root.querySelector<HTMLElement>('[data-card]')
    if (cardField) cardField.hidden = value('payment') !== 'stripe'
    const fee = pickUp ? 0 : (priced?.shipping.find((method) => method._id === value('delivery'))?.fee ?? 0)
    if (priced) drawSums(root, texts, priced, fee)
  }
  const load = async () => {
    const cart = readCart(base)
    if (!cart.lines.length) {
      location.href = `${base}/cart`
      return
    }
    priced = await call<Priced>(base, '/cart', cart)
    root.querySelector('[data-cart-lines]')?.replaceChildren(
      ...priced.lines.map((line) => {
        const item = element('li', 'ef-cart-line')
        item.append(
          element('span', 'ef-cart-line__name', line.name),
          element('span', undefined, `× ${line.quantity}`),
          element('span', undefined, money(line.total))
        )
        return item
      })
    )
    for (const method of priced.shipping) {
      const fee = root.querySelector<HTMLElement>(`[data-shipping-fee="${method._id}"]`)
      if (fee) fee.textContent = money(method.fee)
    }
    // The age gate (decision 0178): asked only when the cart holds an age-restricted product.
    const ageGate = root.querySelector<HTMLElement>('[data-age-gate]')
    if (ageGate) ageGate.hidden = !priced.ageRestricted
    showDelivery()
  }
  form.addEventListener('change', showDelivery)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    // One order and one confirmation at a time, however often the button is pressed.
    if (busy) return
    const button = root.querySelector<HTMLButtonElement>('[data-checkout-submit]')
    root.querySelectorAll('[data-error-for], [data-checkout-error], [data-card-error]').forEach((node) => (node.textContent = ''))
    const cart = readCart(base)
    const delivery = value('delivery')
    const payment = value('payment')
    const body = {
      ...cart,
      customer: {
        firstName: value('customer.firstName'),
        lastName: value('customer.lastName'),
        email: value('customer.email'),
        phone: value('customer.phone')
      },
      ...(delivery && delivery !== 'pickUp' ? { shippingMethod: delivery, address: value('address') } : {}),
      payment,
      remarks: value('remarks'),
      idempotencyKey: checkoutKey(base),
      ...((form.elements.namedItem('ageConfirmed') as HTMLInputElement | null)?.checked ? { ageConfirmed: true } : {})
    }
    const release = (label: string) => {
      busy = false
      if (button) {
        button.disabled = false
        button.textContent = texts[label]
      }
    }
    busy = true
    if (button) {
      button.disabled = true
      button.textContent = texts['checkout.placing']
    }
    const pay = payment === 'stripe' ? await card : undefined
    if (payment === 'stripe' && !pay) {
      const spot = root.querySelector('[data-card-error]')
      if (spot) spot.textContent = texts['checkout.cardUnavailable']
      return release('checkout.placeOrder')
    }
    let placed: { link: string; clientSecret?: string }
    try {
      // A retry sends the same key: the server answers the same order and the same payment to confirm.
      // An anonymous shopper's widget answers once (decision 0201): a retry solves a fresh one.
      placed = await call<{ link: string; clientSecret?: string }>(base, '/checkout', {
        ...body,
        ...installedChannel(),
        ...captcha.token()
      }).finally(captcha.reset)
    } catch (refusal) {
      // No answer at all (the installed app offline, decision 0208): the order may or may not have reached
      // the shop. The key stays, so pressing again once online places it once, or finds the one that was.
      if (refusal instanceof TypeError || !navigator.onLine) {
        const spot = root.querySelector('[data-checkout-error]')
        if (spot) spot.textContent = texts['checkout.offline']
        return release('checkout.placeOrder')
      }
      const problem = refusal as { message?: string; data?: { field?: string } }
      const field = problem.data?.field ?? ''
      const spot = root.querySelector(`[data-error-for="${field}"]`) ?? root.querySelector('[data-checkout-error]')
      if (spot) spot.textContent = problem.message ?? ''
      return release('checkout.placeOrder')
    }
    if (pay && placed.clientSecret) {
      if (button) button.textContent = texts['checkout.paying']
      const outcome = await pay(placed.clientSecret)
      if (outcome !== 'paid') {
        // The order is kept and still payable: the next press confirms the same payment again.
        const spot = root.querySelector('[data-card-error]')
        if (spot) spot.textContent = texts[outcome === 'declined' ? 'checkout.cardDeclined' : 'checkout.cardFailed']
        return release('checkout.retryPayment')
      }
    }
    writeCart(base, { lines: [], coupons: [] })
    sessionStorage.removeItem(`emporia-checkout:${base}`)
    location.href = `${base}/orders/${placed.link}?placed=1`
  })
  load().catch((refusal: { message?: string }) => {
    const spot = root.querySelector('[data-checkout-error]')
    if (spot) spot.textContent = refusal.message ?? ''
  })
}

/** The order page's card form (decision 0115): pays the order's pending card payment, then shows the page again. */
const orderCardIsland = (root: HTMLElement) => {
  const texts = textsOf(root)
  const card = cardForm(root)
  let busy = false
  root.addEventListener('submit', async (event) => {
    event.preventDefault()
    if (busy) return
    busy = true
    const button = root.querySelector<HTMLButtonElement>('[data-card-pay]')
    const error = root.querySelector<HTMLElement>('[data-card-error]')
    const label = button?.textContent ?? ''
    if (error) error.textContent = ''
    if (button) {
      button.disabled = true
      button.textContent = texts['checkout.paying']
    }
    const pay = await card
    const outcome = pay ? await pay(root.dataset.clientSecret ?? '') : undefined
    if (outcome === 'paid') return location.reload()
    if (error)
      error.textContent =
        texts[!pay ? 'checkout.cardUnavailable' : outcome === 'declined' ? 'checkout.cardDeclined' : 'checkout.cardFailed']
    busy = false
    if (button) {
      button.disabled = false
      button.textContent = label
    }
  })
}

/** The order page's slip upload: the file goes to the order's own link. */
/** "I have received my order" (shop flag useReceive, decision 0178): sent once, then the page shows the new status. */
const receivedIsland = (root: HTMLElement) => {
  const base = root.dataset.base ?? baseOf()
  const button = root.querySelector<HTMLButtonElement>('[data-confirm-received]')
  button?.addEventListener('click', async () => {
    button.disabled = true
    try {
      await call(base, `/orders/${root.dataset.link ?? ''}/received`, {})
      location.reload()
    } catch (error) {
      const spot = root.querySelector('[data-received-error]')
      if (spot) spot.textContent = (error as { message?: string }).message ?? ''
      button.disabled = false
    }
  })
}

const slipIsland = (root: HTMLElement) => {
  const form = root.querySelector<HTMLFormElement>('[data-slip-form]')
  // The chosen file's name beside our button (the browser's own label is hidden with its input).
  const input = form?.querySelector<HTMLInputElement>('input[type=file]')
  const name = form?.querySelector<HTMLElement>('[data-file-name]')
  input?.addEventListener('change', () => {
    if (name) name.textContent = input.files?.[0]?.name ?? name.dataset.empty ?? ''
  })
  form?.addEventListener('submit', async (event) => {
    event.preventDefault()
    const error = root.querySelector<HTMLElement>('[data-slip-error]')
    const response = await fetch(`${root.dataset.base ?? ''}/_commerce/orders/${root.dataset.link ?? ''}/slip`, {
      method: 'POST',
      body: new FormData(form)
    })
    if (response.ok) {
      form.replaceWith(element('p', 'ef-note', textsOf(root)['order.slipReceived']))
      return
    }
    if (error) error.textContent = ((await response.json()) as { message?: string }).message ?? ''
  })
}

/**
 * Add to cart on a product page (`…/products/{id}`): the page's own link or button to the cart adds
 * the product with the quantity of the page's picker, then opens the cart. On any page a product card's
 * button (`data-add-to-cart` with `data-product`, a topic page's cards: decision 0208) adds one of its product.
 */
const addToCart = () => {
  const base = baseOf()
  const product = PRODUCT_PATH.exec(location.pathname)?.[1]
  showCount(base)
  document.addEventListener('click', (event) => {
    const card = (event.target as Element).closest<HTMLElement>('main [data-add-to-cart][data-product]')
    if (card && /^[0-9a-f]{24}$/.test(card.dataset.product ?? '')) {
      event.preventDefault()
      add(base, { product: card.dataset.product!, sku: card.dataset.sku ?? '', quantity: 1 })
      location.href = `${base}/cart`
      return
    }
    if (!product) return
    const target = (event.target as Element).closest<HTMLElement>('a[href], [data-add-to-cart]')
    // The page's own button, not the header's cart icon or the footer's link.
    if (!target || target.closest('.ef-cart-link') || !target.closest('main')) return
    const href = target.getAttribute('href') ?? ''
    if (!target.hasAttribute('data-add-to-cart') && !/\/cart\/?$/.test(href)) return
    event.preventDefault()
    const picker = document.querySelector<HTMLInputElement>('main .ef-num input')
    const quantity = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number(picker?.value) || 1)))
    // The page's SKU picker's choice (decision 0115); a product without SKUs has none.
    const chosen = document.querySelector<HTMLInputElement>('main [data-island="skuPicker"] input[name="sku"]:checked')
    add(base, { product, sku: chosen?.value ?? target.dataset.sku ?? '', quantity })
    location.href = `${base}/cart`
  })
}

registerIsland('cart', cartIsland)
registerIsland('checkout', checkoutIsland)
registerIsland('slip', slipIsland)
registerIsland('received', receivedIsland)
registerIsland('orderCard', orderCardIsland)
addToCart()
