import type { Area, ListServicePath } from '@emporia/shared'

/*
 * One definition per screen (decision 0075): its routes, drawer entry and permission as pure data.
 * Type imports only, so the registry built from these stays importable in Node (the browser tests).
 */

/** The drawer's icon names; `app/drawer/menu-icons.tsx` gives each its picture. */
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
  | 'operator'
  | 'dot'

/** The drawer's collapsible groups (spec §2.4); the registry gives each its place, label and area. */
export type DrawerGroup = 'eshop' | 'mini' | 'warehouses' | 'bundles' | 'subsequentPayments'

/** Switches of the features service a screen can depend on; hidden only when the switch is off. */
export type ScreenFeature = 'pageEditor' | 'domain' | 'billing'

/** Pages of their own that screens name (the router's page table has their components). */
export type ScreenPage =
  | 'dashboard'
  | 'eshop'
  | 'orderDetail'
  | 'charts'
  | 'bulkOrderView'
  | 'ageing'
  | 'subShops'
  | 'subShopStock'
  | 'customerDetail'
  | 'settings'
  | 'pos'
  // The online shop's page editor and theme (decision 0111).
  | 'pageDesigner'
  | 'eshopTheme'
  | 'domainPurchase'
  // The shop's plan and subscription (decision 0129).
  | 'billing'
  // Many stock moves at once (decision 0156).
  | 'stockMoves'

/** Where a screen sits in the drawer; without one the screen has no entry of its own. */
export interface DrawerEntry {
  /** Its group, or the top level. */
  group?: DrawerGroup
  /** Position among the entries of its group (or the top level), ascending. */
  order: number
  icon?: MenuIcon
  /** Message key of the label; `route.<route>` when unsaid. */
  label?: string
  /** The entry's key (test id `menu-<key>`); the route when unsaid. */
  key?: string
  /** Shown disabled rather than hidden when the area's paid feature is off (App, Mini, POS: spec §2.4). */
  teaser?: boolean
}

/**
 * What shows a screen: a declared list or form (the resource page), a page of its own, "Coming soon",
 * or a declared list shown as a tab on another screen's route (`tab`).
 */
export type ScreenKind = 'list' | 'form' | 'page' | 'planned' | 'tab'

export interface ScreenDef {
  /**
   * The list route, relative to the root or to `/{shop}`; also the route name and title key `route.<route>`.
   * A tab's is the route it shows on.
   */
  route: string
  kind: ScreenKind
  /** For kind `page`: the page component's name in the router's page table. */
  page?: ScreenPage
  /** No current shop needed (the setup wizard creates the first one). */
  noShop?: boolean
  /** It has the record editor's route `<route>/edit/{id?}` (spec §2.2). */
  edit?: boolean
  /** Further routes below it (`view/{-$id}`, `$id`, `purchase`): "Coming soon" unless `morePages` names their page. */
  more?: string[]
  /** The page component of a further route, by its path in `more` (an order's own page, `$id`). */
  morePages?: Partial<Record<string, ScreenPage>>
  /** The service its list reads and writes (the server checks it by the shared `serviceRules`). */
  service?: ListServicePath
  /** Who may open it: the shared permission table's row (`areas`); a group's when unsaid. */
  area?: Area
  /** A switch of the features service that must not be off. */
  feature?: ScreenFeature
  drawer?: DrawerEntry
  /** Its tab when its route shows several lists (decision 0040); the route's own list has the first. */
  tab?: { key: string; label: string; order: number }
}

/** Declares a screen, keeping its literal types (the route names the tests and the router rely on). */
export const defineScreen = <const S extends ScreenDef>(screen: S): S => screen

/** The edit route's path (`/products/edit`), for "Add" buttons that open it. */
export const editPath = (screen: Pick<ScreenDef, 'route'>) => `/${screen.route}/edit`
