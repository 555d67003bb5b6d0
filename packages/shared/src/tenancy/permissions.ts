import {
  permsInShop,
  roleInShop,
  roleIncludes,
  type RoleOrNone,
  type ShopStaffRef,
  type ShopPermission,
  type ShopRole
} from './roles'
import { planFeatures, type PlanFeature } from '../billing/plan.schema'

/**
 * The one permission table (spec §6.1, §2.4): the server allows or refuses each service method
 * with it, the web app shows or hides menu entries with it. Change access here, nowhere else.
 */

/**
 * Shop attributes that switch paid features on (spec §3.1 `attributes`): the features of the shop's
 * plan, written by billing only (decision 0129).
 */
export const shopAttributes = planFeatures
export type ShopAttribute = PlanFeature
/** Shop switches that turn a part of the product on (spec §3.1). */
export const shopFlags = ['useSubShop', 'useInventoryLot', 'useCashboxLog', 'useInventory'] as const
export type ShopFlag = (typeof shopFlags)[number]

/** What the permission checks need to know about a shop. */
export interface ShopFeatures {
  users?: ShopStaffRef[]
  attributes?: Partial<Record<ShopAttribute, boolean>>
  useSubShop?: boolean
  useInventoryLot?: boolean
  useCashboxLog?: boolean
  /** The shop tracks stock (decision 0178): off hides the Warehouses screens. */
  useInventory?: boolean
}

export type Gate = { attribute: ShopAttribute } | { flag: ShopFlag }

export interface Access {
  /** Any of these roles (with what they imply) is enough. */
  roles: readonly ShopRole[]
  /** A role that is enough only with this permission (pos + warehouse). */
  withPerm?: { role: ShopRole; perm: ShopPermission }
  /**
   * Features the shop must have switched on, all of them. A paid feature (attribute) bars writes only:
   * a shop whose plan lapsed still reads and exports what it made (decision 0129).
   */
  gate?: Gate | readonly Gate[]
}

const admin = ['admin'] as const
const staff = ['user'] as const
const pos = ['pos'] as const
const warehouse: Access = { roles: ['user', 'subshop'], withPerm: { role: 'pos', perm: 'warehouse' } }

/** Menu areas in drawer order (spec §2.4) and who may open them. */
export const areas = {
  dashboard: { roles: [...pos, 'subshop'] },
  eshop: { roles: staff },
  app: { roles: staff, gate: { attribute: 'app' } },
  mini: { roles: staff, gate: { attribute: 'app' } },
  warehouses: { ...warehouse, gate: { flag: 'useInventory' } },
  inventoryLots: { ...warehouse, gate: { flag: 'useInventoryLot' } },
  products: { roles: ['user', 'subshop'] },
  bundles: { roles: staff, gate: { attribute: 'bundle' } },
  discounts: { roles: staff, gate: { attribute: 'discount' } },
  promotions: { roles: staff, gate: { attribute: 'promotion' } },
  orders: { roles: pos },
  payments: { roles: staff },
  cashboxLogs: { roles: staff, gate: { flag: 'useCashboxLog' } },
  charts: { roles: staff },
  pos: { roles: pos, gate: { attribute: 'pos' } },
  shopUsers: { roles: staff },
  subShops: { roles: admin, gate: [{ flag: 'useSubShop' }, { attribute: 'subShops' }] },
  subsequentPayments: { roles: admin, gate: { attribute: 'subsequentPayment' } },
  settings: { roles: admin },
  // The shop's own subscription: admins only, never a sub-shop (spec §2.4, issue 30).
  billing: { roles: admin }
} satisfies Record<string, Access>
export type Area = keyof typeof areas

const pageEditor: Access = { ...areas.eshop, gate: { attribute: 'pageEditor' } }
const domains: Access = { ...areas.eshop, gate: { attribute: 'domains' } }

/** Per shop-scoped service path: who may read (find/get) and who may write (create/update/patch/remove). */
export interface ServiceRule {
  read: Access
  write: Access
}

/** Rules for every shop-scoped service. A path missing here is refused: new services must be added. */
export const serviceRules: Record<string, ServiceRule> = {
  'shop/staff': { read: { roles: admin }, write: { roles: admin } },
  'shop/unverified-staff': { read: { roles: admin }, write: { roles: admin } },
  subShops: { read: areas.subShops, write: areas.subShops },
  // The POS reads the catalogue; staff edit it.
  categories: { read: { roles: ['pos', 'subshop'] }, write: { roles: staff } },
  brands: { read: { roles: ['pos', 'subshop'] }, write: { roles: staff } },
  warehouses: { read: { ...warehouse, roles: ['user', 'subshop'] }, write: { roles: ['user'] } },
  // Anyone working in a shop sees its images; staff and sub-shops upload and remove them.
  attachments: { read: { roles: ['pos', 'subshop'] }, write: { roles: ['user', 'subshop'] } },
  // Catalogue: the POS reads and looks up barcodes; staff and sub-shops edit products.
  products: { read: { roles: ['pos', 'subshop'] }, write: areas.products },
  'products/lookup': { read: { roles: ['pos', 'subshop'] }, write: areas.products },
  specs: { read: { roles: ['pos', 'subshop'] }, write: { roles: staff } },
  tags: { read: { roles: ['pos', 'subshop'] }, write: { roles: staff } },
  productBundles: { read: { roles: pos }, write: areas.bundles },
  productRelateds: { read: { roles: pos }, write: { roles: staff } },
  // Inventory: whoever may open warehouses moves stock; lots only when the shop uses them.
  stocks: { read: { roles: ['pos', 'subshop'] }, write: warehouse },
  inventories: { read: warehouse, write: warehouse },
  inventoryLots: { read: areas.inventoryLots, write: areas.inventoryLots },
  inventoryLogs: { read: warehouse, write: warehouse },
  inventoryOperations: { read: warehouse, write: warehouse },
  // Orders reserve stock on the server's side; staff may hold stock by hand (and the tests do).
  stockReservations: { read: { roles: pos }, write: { roles: staff } },
  inventoryRebuild: { read: { roles: admin }, write: { roles: admin } },
  banners: { read: { roles: ['pos', 'subshop'] }, write: areas.eshop },
  // Topic pages and the mini-program's settings (decisions 0204, 0205): the mini area's, which the app
  // feature gates; staff read the settings, admins change them. Before billing: the matrix walks them in this order.
  miniTopics: { read: areas.mini, write: areas.mini },
  'mini/settings': { read: areas.mini, write: { roles: admin, gate: { attribute: 'app' } } },
  // The online shop's drafts and publishing are the e-shop area's (issue 18); the storefront reads the
  // published version on the server's side, never through these.
  // Editing and publishing them is the plan's page editor (decision 0129).
  pages: { read: areas.eshop, write: pageEditor },
  components: { read: areas.eshop, write: pageEditor },
  themes: { read: areas.eshop, write: pageEditor },
  'themes/install': { read: areas.eshop, write: pageEditor },
  siteVersions: { read: areas.eshop, write: pageEditor },
  // Checkout settings: admins keep them; staff read them (orders show the method).
  shippingMethods: { read: { roles: pos }, write: areas.settings },
  // Domains (decision 0112): the e-shop area's; buying one spends the shop's money, so only admins do.
  // Custom domains are a plan feature (decision 0129).
  domains: { read: areas.eshop, write: domains },
  'domains/availability': { read: areas.eshop, write: { roles: admin, gate: { attribute: 'domains' } } },
  'domains/register': { read: { roles: admin }, write: { roles: admin, gate: { attribute: 'domains' } } },
  'domains/verify': { read: areas.eshop, write: domains },
  'domains/alias': { read: areas.eshop, write: domains },
  // Orders and payments (decision 0078): the counter sells, takes money and refunds (a refund needs the
  // order ID typed); the history is written by the server only.
  orders: { read: areas.orders, write: areas.orders },
  'orders/history': { read: areas.orders, write: { roles: admin } },
  'orders/refunds': { read: areas.orders, write: areas.orders },
  'orders/split': { read: areas.orders, write: areas.orders },
  payments: { read: { roles: pos }, write: { roles: pos } },
  // The POS counts its drawer before selling (spec §4.8), so cashiers keep the cashbox log too.
  cashboxLogs: { read: { roles: pos, gate: { flag: 'useCashboxLog' } }, write: { roles: pos, gate: { flag: 'useCashboxLog' } } },
  'sales/summary': { read: areas.charts, write: { roles: admin } },
  // Customers (decision 0083): the counter looks members up; staff keep them (spec §6.1). Ranks are
  // settings: the POS reads them to show a member's rank.
  shopUsers: { read: { roles: pos }, write: areas.shopUsers },
  shopRankGroups: { read: { roles: pos }, write: areas.settings },
  shopRanks: { read: { roles: pos }, write: areas.settings },
  // Written by the server only, in the transaction that changes a rank.
  shopRankLogs: { read: areas.shopUsers, write: { roles: admin } },
  // Business customers and their deferred payments are the admin's (spec §6.1), behind the feature.
  companyUsers: { read: areas.subsequentPayments, write: areas.subsequentPayments },
  purchasingOrderStatuses: { read: areas.subsequentPayments, write: areas.subsequentPayments },
  bulkOrderStatuses: { read: areas.subsequentPayments, write: areas.subsequentPayments },
  purchasingOrders: { read: areas.subsequentPayments, write: areas.subsequentPayments },
  bulkOrders: { read: areas.subsequentPayments, write: areas.subsequentPayments },
  'subsequentPayments/ageing': { read: areas.subsequentPayments, write: { roles: admin } },
  // Customers (decision 0083): merging, erasing and exporting a customer's data are staff work.
  'shopUsers/merge': { read: areas.shopUsers, write: areas.shopUsers },
  'shopUsers/erase': { read: areas.shopUsers, write: areas.shopUsers },
  'shopUsers/personalData': { read: areas.shopUsers, write: { roles: admin } },
  // Sub-shops roll-up (decision 0087): the parent's admins read their sub-shops' figures; nobody writes.
  'subShops/summary': { read: areas.subShops, write: { roles: admin, gate: { flag: 'useSubShop' } } },
  'subShops/stocks': { read: areas.subShops, write: { roles: admin, gate: { flag: 'useSubShop' } } },
  // The POS evaluates discounts, coupons and points offline (decision 0088): its cashiers read them.
  discounts: { read: { roles: pos }, write: areas.discounts },
  couponTemplates: { read: { roles: pos }, write: areas.discounts },
  // Coupons (decision 0090): the counter looks a presented code up; staff issue and generate them.
  coupons: { read: { roles: pos }, write: areas.discounts },
  'coupons/generate': { read: areas.discounts, write: areas.discounts },
  promotions: { read: areas.promotions, write: areas.promotions },
  pointTypes: { read: { roles: pos }, write: areas.settings },
  // Points (decision 0091): the counter reads balances to pay with points; the ledger alone writes lots
  // and the log; staff who keep customers move points between them.
  shopUserPoints: { read: { roles: pos }, write: { roles: admin } },
  pointLogs: { read: areas.shopUsers, write: { roles: admin } },
  pointTransfers: { read: areas.shopUsers, write: areas.shopUsers },
  // Points given or taken by hand are the admin's (they are worth money).
  pointAdjustments: { read: areas.shopUsers, write: { roles: admin } },
  // The point of sale (decision 0094): the till binds and tunes its cashier station, reads its catalogue
  // and ends the day with the summary; nobody writes the summary or the catalogue.
  'shop/cashiers': { read: areas.pos, write: areas.pos },
  'pos/summary': { read: areas.pos, write: { roles: admin, gate: { attribute: 'pos' } } },
  'pos/catalogue': { read: areas.pos, write: { roles: admin, gate: { attribute: 'pos' } } },
  // A manager's approval at the till (decision 0135): asked for by whoever works the till; create only.
  'pos/approvals': { read: areas.pos, write: areas.pos },
  // The shop's own subscription (decision 0129): admins only, never a sub-shop, user or pos; no feature
  // gate, so a lapsed shop can always pay again.
  billing: { read: areas.billing, write: areas.billing },
  'billing/checkout': { read: areas.billing, write: areas.billing },
  'billing/refresh': { read: areas.billing, write: areas.billing },
  'billing/invoices': { read: areas.billing, write: areas.billing },
  // Deleting the shop (decision 0211): admins only, and the one path a shop marked for deletion still answers.
  'shop/deletion': { read: areas.billing, write: areas.billing },
  // The audit log (decision 0137): admins read it; nobody writes it through any door (the service refuses).
  auditLogs: { read: { roles: admin }, write: { roles: admin } },
  // The shop's e-mail (decisions 0147, 0148): admins keep the sender; staff who see orders see their mails.
  'mail/settings': { read: areas.settings, write: areas.settings },
  'mail/verify': { read: areas.settings, write: areas.settings },
  'mail/preview': { read: areas.settings, write: areas.settings },
  'mail/test': { read: areas.settings, write: areas.settings },
  'mail/log': { read: { roles: pos }, write: areas.settings },
  importTemplates: { read: areas.settings, write: areas.settings },
  // An import run also needs the right to write its list, checked when it starts (decision 0170).
  imports: { read: { roles: staff }, write: { roles: staff } },
  productComments: { read: areas.products, write: areas.products },
  storeVisits: { read: areas.charts, write: areas.charts },
  // The accounting integration (decision 0197): the shop's admins connect it and read its sync.
  'accounting/xero': { read: areas.settings, write: areas.settings }
}

export interface ShopCaller {
  role: RoleOrNone
  perm: readonly string[]
  shop: ShopFeatures
}

export type Refusal = 'notMember' | 'role' | 'feature'

/** Why an access is refused, or null when it is allowed. */
export const refusal = (access: Access, caller: ShopCaller, writing = true): Refusal | null => {
  if (caller.role === 'none') return 'notMember'
  const byRole = access.roles.some((role) => roleIncludes(caller.role, role))
  const byPerm = access.withPerm
    ? roleIncludes(caller.role, access.withPerm.role) && caller.perm.includes(access.withPerm.perm)
    : false
  if (!byRole && !byPerm) return 'role'
  const closed = gatesOf(access).some((gate) => (writing || !('attribute' in gate)) && !gateOpen(gate, caller.shop))
  return closed ? 'feature' : null
}

/** An access's gates as a list. */
export const gatesOf = (access: Access): readonly Gate[] => {
  const gate: Gate | readonly Gate[] | undefined = access.gate
  if (gate === undefined) return []
  return isGateList(gate) ? gate : [gate]
}
const isGateList = (gate: Gate | readonly Gate[]): gate is readonly Gate[] => Array.isArray(gate)

export const gateOpen = (gate: Gate, shop: ShopFeatures): boolean =>
  'attribute' in gate ? Boolean(shop.attributes?.[gate.attribute]) : Boolean(shop[gate.flag])

/** The caller's role and permissions in a shop, from its members list. */
export const callerIn = (shop: ShopFeatures, userId: string | undefined): ShopCaller => ({
  role: roleInShop(shop, userId),
  perm: permsInShop(shop, userId),
  shop
})

/** True when the signed-in user may open a menu area of this shop (the drawer uses it). */
export const canOpen = (area: Area, shop: ShopFeatures, userId: string | undefined): boolean =>
  refusal(areas[area], callerIn(shop, userId)) === null

/** Service methods that read; every other method writes. */
export const isReadMethod = (method: string) => method === 'find' || method === 'get'
