import { areas, callerIn, planState, type PlanState, refusal, roleInShop, type Area, type Shop } from '@emporia/shared'
import { lockedFeatures, screenLocks } from '../../features/billing/gates'
import type { Features } from '../../lib/feathers-client'
import type { DrawerGroup, MenuIcon, ScreenDef } from '../../lib/screens/screen'
import { drawerGroups, screens, wizardScreen } from '../screens'

export type { MenuIcon } from '../../lib/screens/screen'

/** One drawer entry: a link, or a group of links (spec §2.4). */
export interface MenuItem {
  key: string
  /** Message key of the label. */
  label: string
  href?: string
  icon: MenuIcon
  disabled?: boolean
  /** Its paid feature is off: shown with an "Upgrade" mark, its page read-only with an upgrade prompt (decision 0129). */
  upgrade?: boolean
  children?: MenuItem[]
  /** Billing/Upgrade plan status (spec §2.4). */
  subtitle?: { key: string; values?: Record<string, number>; alert?: boolean }
}

export interface MenuInput {
  signedIn: boolean
  verified: boolean
  userId?: string
  features: Features
  shop?: Shop
  now?: number
  /** The account is a platform operator's (decision 0131): the console's entry shows. */
  operator?: boolean
}

const link = (key: string, href: string, label: string, icon: MenuIcon = 'dot'): MenuItem => ({ key, href, label, icon })

/** A screen's drawer link. */
const screenLink = (screen: ScreenDef): MenuItem => {
  const { key = screen.route, label = `route.${screen.route}`, icon = 'dot' } = screen.drawer ?? {}
  return link(key, `/${screen.route}`, label, icon)
}

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order

/**
 * The drawer's menu in spec order, built from the screen registry (decision 0075) and gated by the
 * shared permission table: an entry whose role does not fit is hidden. One whose paid feature is off is
 * shown with an "Upgrade" mark when billing is on (its page reads and prompts, decision 0129); without
 * billing it is hidden, except the registry's teasers (App, Mini, POS), which the spec shows disabled so
 * the merchant learns they exist. A switch of the features service that is off hides its screens.
 */
export const buildMenu = ({ signedIn, verified, userId, features, shop, now = Date.now(), operator }: MenuInput): MenuItem[] => {
  if (!signedIn) {
    return [
      link('login', '/login', 'route.login', 'login'),
      ...(features.register ? [link('register', '/register', 'route.register', 'register')] : [])
    ]
  }
  const tail = [
    ...(operator ? [link('operator', '/emporia/operator', 'operator.menu', 'operator')] : []),
    link('profile', '/profile', 'route.profile', 'profile'),
    link('logout', '/logout', 'route.logout', 'logout')
  ]
  // The platform's verify feature, or a shop that requires a verified e-mail of its staff (decision 0138).
  if ((features.verify || shop?.staffVerifyRequired === true) && !verified) {
    return [link('verify', '/register/verify', 'menu.verify', 'verify'), ...tail]
  }
  if (!shop) {
    // No shop yet: the only useful place is the setup wizard that creates one.
    return [{ ...screenLink(wizardScreen), icon: drawerGroups.eshop.icon }, ...tail]
  }

  const caller = callerIn(shop, userId)
  const role = roleInShop(shop, userId)
  const state = (area: Area | undefined, teaser = false): 'shown' | 'upgrade' | 'disabled' | 'hidden' => {
    const why = area ? refusal(areas[area], caller) : null
    if (why === null) return 'shown'
    if (area && features.billing && lockedFeatures(area, shop, userId).length) return 'upgrade'
    return why === 'feature' && teaser ? 'disabled' : 'hidden'
  }
  const marks = (shown: 'shown' | 'upgrade' | 'disabled') => ({
    ...(shown === 'disabled' ? { disabled: true } : {}),
    ...(shown === 'upgrade' ? { upgrade: true } : {})
  })
  const item = (screen: ScreenDef): MenuItem[] => {
    if (screen.feature && features[screen.feature] === false) return []
    const shown = state(screen.area, screen.drawer?.teaser)
    if (shown === 'hidden') return []
    // Billing/Upgrade: never for a sub-shop, named by the shop's contract, with its plan status (spec §2.4).
    if (screen.route === 'billing') return role === 'subshop' ? [] : [billingEntry(shop, now)]
    // A screen open to read whose writes need a paid feature (the page editor's pages) is marked too.
    const locked = shown === 'shown' && features.billing && screenLocks(screen, shop, userId).length > 0
    return [{ ...screenLink(screen), ...marks(locked ? 'upgrade' : shown) }]
  }
  const inDrawer = screens.filter((screen) => screen.drawer)
  const children = (group: DrawerGroup) =>
    inDrawer
      .filter((screen) => screen.drawer!.group === group)
      .sort((a, b) => byOrder(a.drawer!, b.drawer!))
      .flatMap(item)
  const groupItem = (key: DrawerGroup): MenuItem[] => {
    const { label, icon, area, teaser } = drawerGroups[key]
    const shown = state(area, teaser)
    const list = shown === 'hidden' ? [] : children(key)
    return list.length && shown !== 'hidden' ? [{ key, label, icon, children: list, ...marks(shown) }] : []
  }
  const entries = [
    ...inDrawer
      .filter((screen) => !screen.drawer!.group)
      .map((screen) => ({ order: screen.drawer!.order, items: () => item(screen) })),
    ...(Object.keys(drawerGroups) as DrawerGroup[]).map((key) => ({
      order: drawerGroups[key].order,
      items: () => groupItem(key)
    }))
  ]
  return [...entries.sort(byOrder).flatMap((entry) => entry.items()), ...tail]
}

/** The plan status under the Billing/Upgrade entry (spec §2.4; grace and lapse from decision 0129). */
const planSubtitle = (plan: PlanState): MenuItem['subtitle'] => {
  switch (plan.kind) {
    case 'trial':
      return { key: 'plan.trial', values: { days: plan.daysLeft } }
    case 'trialEnded':
      return { key: 'plan.trialEnded', alert: true }
    case 'grace':
      return { key: 'plan.grace', values: { days: plan.daysLeft }, alert: true }
    case 'lapsed':
      return { key: 'plan.lapsed', alert: true }
    case 'off':
      return undefined
    case 'contract':
      return plan.expiring && plan.daysLeft !== null
        ? { key: 'plan.expiring', values: { days: Math.max(plan.daysLeft, 0) }, alert: true }
        : { key: 'plan.contract' }
  }
}

const billingEntry = (shop: Shop, now: number): MenuItem => {
  const subtitle = planSubtitle(planState(shop, now))
  return { ...link('billing', '/billing', shop.contract ? 'menu.billing' : 'menu.upgrade', 'billing'), subtitle }
}

/** Every link of a menu, groups flattened, in order. */
export const menuLinks = (items: MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? menuLinks(item.children) : [item]))

/**
 * The entry a path belongs to: the longest href that is the path or a folder of it, so that
 * `/eshop/banners/edit` lights Banners only, not also the setup wizard at `/eshop`.
 */
export const currentHref = (items: readonly MenuItem[], path: string): string | undefined => {
  let best: string | undefined
  const visit = (item: MenuItem) => {
    const href = item.href
    if (href !== undefined && (path === href || path.startsWith(`${href}/`)) && href.length > (best?.length ?? -1)) best = href
    item.children?.forEach(visit)
  }
  items.forEach(visit)
  return best
}
