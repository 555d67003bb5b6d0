import type { ScreenDef } from '../../lib/screens/screen'
import { screens } from '../screens'

/**
 * Every route of spec §2.2, without the `/{shop}` prefix (each also exists with it): the screen
 * registry's, and the account, invoice and developer pages. Pure data (no React, no DOM), so the
 * browser tests can walk the same list the router is built from.
 * `{-$id}` is an optional parameter, `$id` a required one; both must be 24-hex ids.
 */
export type LayoutName = 'default' | 'login' | 'invoice' | 'posScreen' | 'bare'

/** Who may open a route: anyone, only signed-out visitors, or signed-in users. */
export type RouteAccess = 'public' | 'guest' | 'user'

export interface RouteSpec {
  /** Path relative to the root or to `/{shop}`; '' is the index. */
  path: string
  /** Stable name: the path without parameters; also the title key `route.<name>`. */
  name: string
  layout: LayoutName
  access: RouteAccess
  /** Needs a current shop: without one the user is sent to /eshop (spec §2.1). */
  shop: boolean
  /** Which page component shows it; `placeholder` ("Coming soon") until the screen is built. */
  page: PageName
}

export type PageName =
  | 'dashboard'
  | 'index'
  | 'login'
  | 'logout'
  | 'register'
  | 'registerVerify'
  | 'resetRequest'
  | 'resetVerify'
  | 'resetReset'
  | 'profile'
  | 'changeInfo'
  | 'changePassword'
  | 'invoice'
  | 'posScreen'
  | 'devTest'
  | 'devImportScript'
  | 'eshop'
  | 'charts'
  | 'resource'
  | 'placeholder'
  | 'orderDetail'
  // Subsequent payments (spec §3.11): a bulk order's page, the ageing screen, a company's statement.
  | 'bulkOrderView'
  | 'ageing'
  | 'companyStatement'
  | 'subShops'
  | 'subShopStock'
  | 'stockMoves'
  | 'customerDetail'
  | 'settings'
  | 'pos'
  | 'pageDesigner'
  | 'eshopTheme'
  | 'domainPurchase'
  // The platform operator's console (decision 0131).
  | 'operator'
  | 'billing'
  | 'billingInvoice'
  // The signed-in user's pending invitations (decision 0134), outside any shop.
  | 'invitations'

/** The developer test pages' prefix is named after the product (ARCHITECTURE §4). */
export const DEV_PREFIX = 'emporia'
/** The accounting integration's callback (spec §2.2); decision 0010 names the service. */
export const ACCOUNTING_SERVICE = 'xero'

const user = (path: string, page: PageName = 'placeholder', shop = true): RouteSpec => ({
  path,
  name: path.replace('/{-$id}', '').replace('/$id', '/detail'),
  layout: 'default',
  access: 'user',
  shop,
  page
})

const account = (path: string, page: PageName, access: RouteAccess, layout: LayoutName = 'login'): RouteSpec => ({
  path,
  name: path,
  layout,
  access,
  shop: false,
  page
})

/** What shows a registry screen's routes (decision 0075): its declaration, its own page, or "Coming soon". */
const pageOf = (screen: ScreenDef): PageName =>
  screen.kind === 'page' ? screen.page! : screen.kind === 'planned' ? 'placeholder' : 'resource'

/** A screen's routes: the list, the editor's (`…/edit/{-$id}`) and any further ones below it. */
const screenRoutes = (screen: ScreenDef): RouteSpec[] => {
  const page = pageOf(screen)
  return [
    user(screen.route, page, !screen.noShop),
    ...(screen.edit ? [user(`${screen.route}/edit/{-$id}`, page)] : []),
    // A further route has its own page, or is not built yet, whatever shows the screen itself.
    ...(screen.more ?? []).map((path) => user(`${screen.route}/${path}`, screen.morePages?.[path] ?? 'placeholder'))
  ]
}

export const devRoutes = ['batch', 'importWithScript', 'label', 'printer', 'test', 'weight'].map(
  (name) => `${DEV_PREFIX}/${name}`
)
const devTestPages = new Set(['batch', 'label', 'printer', 'test', 'weight'].map((name) => `${DEV_PREFIX}/${name}`))

export const routeSpecs: RouteSpec[] = [
  { path: '', name: 'index', layout: 'bare', access: 'public', shop: false, page: 'index' },
  // A tab shows on another screen's route.
  ...screens.filter((screen) => screen.kind !== 'tab').flatMap(screenRoutes),
  // The accounting service's callback (decision 0197): a page of the integrations feature.
  user(`settings/${ACCOUNTING_SERVICE}/callback`, 'resource'),
  { path: 'o/{-$id}', name: 'o', layout: 'invoice', access: 'user', shop: true, page: 'invoice' },
  { path: 'p/{-$id}', name: 'p', layout: 'invoice', access: 'user', shop: true, page: 'invoice' },
  // A company customer's printable statement (spec §3.11), on the invoice's sheet.
  {
    path: 'companyUsers/statement/{-$id}',
    name: 'companyUsers/statement',
    layout: 'invoice',
    access: 'user',
    shop: true,
    page: 'companyStatement'
  },
  // The shop's invoice from the platform (decision 0129), printable on the same A4 sheet.
  {
    path: 'billing/invoices/{-$id}',
    name: 'billing/invoices',
    layout: 'invoice',
    access: 'user',
    shop: true,
    page: 'billingInvoice'
  },
  { path: 'posScreen', name: 'posScreen', layout: 'posScreen', access: 'user', shop: true, page: 'posScreen' },
  account('login', 'login', 'guest'),
  account('login/reset', 'resetRequest', 'guest'),
  account('login/reset/verify', 'resetVerify', 'guest'),
  account('login/reset/reset', 'resetReset', 'guest'),
  account('register', 'register', 'guest'),
  account('register/verify', 'registerVerify', 'user'),
  account('logout', 'logout', 'public', 'bare'),
  user('profile', 'profile', false),
  user('profile/changeInfo', 'changeInfo', false),
  user('profile/changePassword', 'changePassword', false),
  // Where the invitation mail links (decision 0134): no shop needed, the invitee may have none yet.
  user('invitations', 'invitations', false),
  // The platform operator's console (decision 0131): under the product's own prefix, no shop.
  user(`${DEV_PREFIX}/operator`, 'operator', false),
  // The developer test page shows the hardware pages too, by route (decision 0097).
  ...devRoutes.map((path) =>
    user(
      path,
      devTestPages.has(path) ? 'devTest' : path === `${DEV_PREFIX}/importWithScript` ? 'devImportScript' : 'placeholder',
      false
    )
  )
]

/** A concrete URL for a route, filling an id parameter with `id` (or leaving an optional one out). */
export const samplePath = (spec: RouteSpec, id?: string): string =>
  '/' + spec.path.replace('/{-$id}', id ? `/${id}` : '').replace('$id', id ?? '0'.repeat(24))
