import { areas, callerIn, planState, refusal, roleInShop, type Area, type Shop } from '@emporia/shared'
import type { Features } from '../../lib/feathers-client'

/** One drawer entry: a link, or a group of links (spec §2.4). */
export interface MenuItem {
  key: string
  /** Message key of the label. */
  label: string
  href?: string
  icon: MenuIcon
  disabled?: boolean
  children?: MenuItem[]
  /** Billing/Upgrade plan status (spec §2.4). */
  subtitle?: { key: string; values?: Record<string, number>; alert?: boolean }
}

export type MenuIcon =
  | 'home'
  | 'eshop'
  | 'app'
  | 'mini'
  | 'warehouses'
  | 'products'
  | 'bundles'
  | 'discounts'
  | 'promotions'
  | 'orders'
  | 'payments'
  | 'pos'
  | 'users'
  | 'subShops'
  | 'subsequent'
  | 'settings'
  | 'profile'
  | 'logout'
  | 'login'
  | 'register'
  | 'billing'
  | 'verify'
  | 'dot'

export interface MenuInput {
  signedIn: boolean
  verified: boolean
  userId?: string
  features: Features
  shop?: Shop
  now?: number
}

const link = (key: string, href: string, label: string, icon: MenuIcon = 'dot'): MenuItem => ({ key, href, label, icon })

/**
 * The drawer's menu in spec order, gated by the shared permission table: an entry whose role does
 * not fit is hidden; one whose paid feature is off is hidden, except App, Mini and POS, which the
 * spec shows disabled so the merchant learns they exist.
 */
export const buildMenu = ({ signedIn, verified, userId, features, shop, now = Date.now() }: MenuInput): MenuItem[] => {
  if (!signedIn) {
    return [
      link('login', '/login', 'route.login', 'login'),
      ...(features.register ? [link('register', '/register', 'route.register', 'register')] : [])
    ]
  }
  const tail = [
    link('settings', '/settings', 'route.settings', 'settings'),
    link('profile', '/profile', 'route.profile', 'profile'),
    link('logout', '/logout', 'route.logout', 'logout')
  ]
  if (features.verify && !verified) {
    return [link('verify', '/register/verify', 'menu.verify', 'verify'), ...tail.slice(1)]
  }
  if (!shop) {
    // No shop yet: the only useful place is the setup wizard that creates one.
    return [link('eshop', '/eshop', 'menu.wizard', 'eshop'), ...tail.slice(1)]
  }

  const caller = callerIn(shop, userId)
  const state = (area: Area): 'shown' | 'disabled' | 'hidden' => {
    const why = refusal(areas[area], caller)
    if (why === null) return 'shown'
    return why === 'feature' && (area === 'app' || area === 'mini' || area === 'pos') ? 'disabled' : 'hidden'
  }
  const gated = (area: Area, item: MenuItem): MenuItem[] => {
    const shown = state(area)
    return shown === 'hidden' ? [] : [{ ...item, disabled: shown === 'disabled' }]
  }
  const group = (key: string, label: string, icon: MenuIcon, children: MenuItem[], disabled = false): MenuItem[] =>
    children.length ? [{ key, label, icon, children, disabled }] : []

  const eshopChildren =
    state('eshop') === 'shown'
      ? [
          link('eshop', '/eshop', 'menu.wizard'),
          ...(features.pageEditor !== false
            ? [link('eshop/pages', '/eshop/pages', 'route.eshop/pages'), link('eshop/theme', '/eshop/theme', 'route.eshop/theme')]
            : []),
          link('eshop/categories', '/eshop/categories', 'route.eshop/categories'),
          link('eshop/brands', '/eshop/brands', 'route.eshop/brands'),
          ...(features.domain !== false ? [link('eshop/domains', '/eshop/domains', 'route.eshop/domains')] : []),
          link('eshop/banners', '/eshop/banners', 'route.eshop/banners')
        ]
      : []
  const miniState = state('mini')
  const warehouseChildren =
    state('warehouses') === 'shown'
      ? [
          link('warehouses/list', '/warehouses', 'route.warehouses'),
          link('warehouses/inventories', '/warehouses/inventories', 'route.warehouses/inventories'),
          link('warehouses/inventoryLogs', '/warehouses/inventoryLogs', 'route.warehouses/inventoryLogs'),
          ...gated(
            'inventoryLots',
            link('warehouses/inventoryLots', '/warehouses/inventoryLots', 'route.warehouses/inventoryLots')
          )
        ]
      : []
  const bundleChildren =
    state('bundles') === 'shown'
      ? [
          link('productBundles', '/productBundles', 'route.productBundles'),
          link('productRelateds', '/productRelateds', 'route.productRelateds')
        ]
      : []
  const subsequentChildren =
    state('subsequentPayments') === 'shown'
      ? [
          link('companyUsers', '/companyUsers', 'route.companyUsers'),
          link('purchasingOrders', '/purchasingOrders', 'route.purchasingOrders'),
          link('bulkOrders', '/bulkOrders', 'route.bulkOrders')
        ]
      : []

  const role = roleInShop(shop, userId)
  const billing: MenuItem[] =
    features.billing && role !== 'subshop' && state('billing') === 'shown' ? [billingEntry(shop, now)] : []

  return [
    ...gated('dashboard', link('home', '/dashboard', 'menu.home', 'home')),
    ...group('eshop', 'menu.eshop', 'eshop', eshopChildren),
    ...gated('app', link('app', '/app', 'route.app', 'app')),
    ...(miniState === 'hidden'
      ? []
      : group(
          'mini',
          'route.mini',
          'mini',
          [link('mini', '/mini', 'menu.miniSettings'), link('mini/topics', '/mini/topics', 'route.mini/topics')],
          miniState === 'disabled'
        )),
    ...group('warehouses', 'menu.warehouses', 'warehouses', warehouseChildren),
    ...gated('products', link('products', '/products', 'route.products', 'products')),
    ...group('bundles', 'menu.bundles', 'bundles', bundleChildren),
    ...gated('discounts', link('discounts', '/discounts', 'route.discounts', 'discounts')),
    ...gated('discounts', link('couponTemplates', '/couponTemplates', 'route.couponTemplates', 'discounts')),
    ...gated('promotions', link('promotions', '/promotions', 'route.promotions', 'promotions')),
    ...gated('orders', link('orders', '/orders', 'route.orders', 'orders')),
    ...gated('payments', link('payments', '/payments', 'route.payments', 'payments')),
    ...gated('cashboxLogs', link('cashboxLogs', '/cashboxLogs', 'route.cashboxLogs', 'payments')),
    ...gated('charts', link('charts', '/charts', 'route.charts', 'payments')),
    ...gated('pos', link('pos', '/pos', 'route.pos', 'pos')),
    ...gated('shopUsers', link('shopUsers', '/shopUsers', 'route.shopUsers', 'users')),
    ...gated('subShops', link('subShops', '/subShops', 'route.subShops', 'subShops')),
    ...group('subsequentPayments', 'menu.subsequentPayments', 'subsequent', subsequentChildren),
    ...billing,
    ...(state('settings') === 'shown' ? tail : tail.slice(1))
  ]
}

const billingEntry = (shop: Shop, now: number): MenuItem => {
  const plan = planState(shop, now)
  const subtitle: MenuItem['subtitle'] =
    plan.kind === 'trial'
      ? { key: 'plan.trial', values: { days: plan.daysLeft } }
      : plan.kind === 'trialEnded'
        ? { key: 'plan.trialEnded', alert: true }
        : plan.expiring && plan.daysLeft !== null
          ? { key: 'plan.expiring', values: { days: Math.max(plan.daysLeft, 0) }, alert: true }
          : { key: 'plan.contract' }
  return { ...link('billing', '/billing', shop.contract ? 'menu.billing' : 'menu.upgrade', 'billing'), subtitle }
}

/** Every link of a menu, groups flattened, in order. */
export const menuLinks = (items: MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? menuLinks(item.children) : [item]))
