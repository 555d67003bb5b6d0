import { MINI_PACKAGE_PATH, servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../platform/http/service-context'
import type { App, ServerPath } from '../platform/http/server-services'
import { account } from './account/account'
import { accountSessions } from './account-sessions/account-sessions'
import { accountTwoStep } from './account-two-step/account-two-step'
import { attachments } from './attachments/attachments'
import { authentication } from './authentication/authentication'
import { brands } from './brands/brands'
import { categories } from './categories/categories'
import { dataExport, EXPORT_PATH } from './export/export'
import { dataImport, IMPORTS_PATH } from './imports/imports'
import { features } from './features/features'
import { health } from './health/health'
import { inventories } from './inventories/inventories'
import { inventoryLogs } from './inventory-logs/inventory-logs'
import { inventoryLots } from './inventory-lots/inventory-lots'
import { inventoryOperations } from './inventory-operations/inventory-operations'
import { inventoryRebuild } from './inventory-rebuild/inventory-rebuild'
import { productBundles } from './product-bundles/product-bundles'
import { productRelateds } from './product-relateds/product-relateds'
import { products } from './products/products'
import { productsLookup } from './products-lookup/products-lookup'
import { shopInvitations } from './shop-invitations/shop-invitations'
import { shopStaff } from './shop-staff/shop-staff'
import { shopUnverifiedStaff } from './shop-unverified-staff/shop-unverified-staff'
import { shops } from './shops/shops'
// Plans and the shop's subscription (decision 0129).
import { plans } from './plans/plans'
import { billing } from './billing/billing'
// Paying for the subscription on the platform's Stripe account (decision 0130).
import { billingCheckout } from './billing-checkout/billing-checkout'
import { billingRefresh } from './billing-refresh/billing-refresh'
import { shopDeletion } from './shop-deletion/shop-deletion'
import { billingInvoices } from './billing-invoices/billing-invoices'
import { specs } from './specs/specs'
import { stockReservations } from './stock-reservations/stock-reservations'
import { stocks } from './stocks/stocks'
import { subShops } from './sub-shops/sub-shops'
import { tags } from './tags/tags'
import { users } from './users/users'
import { warehouses } from './warehouses/warehouses'
import { banners } from './banners/banners'
import { themeInstall } from './theme-install/theme-install'
import { domains } from './domains/domains'
import { domainAvailability } from './domain-actions/domain-availability'
import { domainRegister } from './domain-actions/domain-register'
import { domainVerify } from './domain-actions/domain-verify'
import { domainAlias } from './domain-actions/domain-alias'
import { domainAsk } from './domain-actions/domain-ask'
import { mailServices } from './mail/mail-services'
import { orders } from './orders/orders'
import { orderHistory } from './order-history/order-history'
import { orderRefunds } from './order-refunds/order-refunds'
import { orderSplits } from './order-splits/order-splits'
import { payments } from './payments/payments'
import { salesSummary } from './sales-summary/sales-summary'
import { cashboxLogs } from './cashbox-logs/cashbox-logs'
import { cashiers } from './cashiers/cashiers'
import { shopUsers } from './shop-users/shop-users'
import { companyUsers } from './company-users/company-users'
import { shopRankGroups } from './shop-rank-groups/shop-rank-groups'
import { shopRanks } from './shop-ranks/shop-ranks'
import { shippingMethods } from './shipping-methods/shipping-methods'
// membership ranks (decision 0084)
import { shopRankLogs } from './shop-rank-logs/shop-rank-logs'
import { auditLogs } from './audit-logs/audit-logs'
import { purchasingOrderStatuses } from './purchasing-order-statuses/purchasing-order-statuses'
import { bulkOrderStatuses } from './bulk-order-statuses/bulk-order-statuses'
import { purchasingOrders } from './purchasing-orders/purchasing-orders'
import { bulkOrders } from './bulk-orders/bulk-orders'
// Customers' own operations (issue 14, decision 0083).
import { shopUserMerge } from './shop-user-merge/shop-user-merge'
import { shopUserErase } from './shop-user-erase/shop-user-erase'
import { shopUserPersonalData } from './shop-user-personal-data/shop-user-personal-data'
// B2B deferred payment (issue 14, server): the ageing report.
import { subsequentAgeing } from './subsequent-ageing/subsequent-ageing'
// Sub-shops roll-up (decision 0087)
import { subShopStocks, subShopSummary } from './sub-shop-rollup/sub-shop-rollup'
import { discounts } from './discounts/discounts'
import { couponTemplates } from './coupon-templates/coupon-templates'
import { promotions } from './promotions/promotions'
import { coupons } from './coupons/coupons'
import { couponGenerate } from './coupon-generate/coupon-generate'
import { pointTypes } from './point-types/point-types'
import { shopUserPoints } from './shop-user-points/shop-user-points'
import { pointLogs } from './point-logs/point-logs'
import { pointTransfers } from './point-transfers/point-transfers'
import { pointAdjustments } from './point-adjustments/point-adjustments'
// The point of sale's report and catalogue (decision 0096).
import { posSummary } from './pos-summary/pos-summary'
// Manager approval at the till and staff PINs (decision 0135).
import { posApprovals } from './pos-approvals/pos-approvals'
import { posCatalogue } from './pos-catalogue/pos-catalogue'
// The online shop's content (decision 0107).
import { components } from './components/components'
import { pages } from './pages/pages'
import { themes } from './themes/themes'
import { siteVersions } from './site-versions/site-versions'
// The operator console (decision 0131).
import { operatorShops } from './operator-shops/operator-shops'
import { operatorActions } from './operator-actions/operator-actions'
import { operatorJobs } from './operator-jobs/operator-jobs'
import { importTemplates } from './import-templates/import-templates'
import { productComments } from './product-comments/product-comments'
import { storeVisits } from './store-visits/store-visits'
import { accountingXero } from './accounting-xero/accounting-xero'
import { miniTopics } from './mini-topics/mini-topics'
import { miniSettings } from './mini-settings/mini-settings'
import { miniPackage } from './mini-package/mini-package'

export { mediaRoutes } from './attachments/attachments'

/** One service: its path (one the service map types), and the function that registers it (and any paths it brings along). */
export interface ServiceRegistration {
  path: ServerPath
  register: (context: ServiceContext) => (app: App) => void
}

/**
 * Every service, in registration order (docs/decisions/0074): a service whose hooks or listeners
 * use another's (shops before staff, products before their lookup) comes after it. A new service
 * is one line here. Its shape (decision 0125): an entry without a line of its own is a record service
 * of the record template; `Operation` marks one of the operation template (create only, one
 * transaction, on another's record); `Own shape` says why a service fits neither.
 */
export const services: readonly ServiceRegistration[] = [
  // Own shape: Feathers' authentication (sign-in, tokens), before any shop.
  { path: servicePaths.authentication, register: authentication },
  // Own shape: public, find only, no shop.
  { path: servicePaths.health, register: health },
  // Own shape: public, find only: which paid features the platform offers.
  { path: 'features', register: features },
  // Own shape: accounts, each its own (not shop-scoped).
  { path: servicePaths.users, register: users },
  // Own shape: the caller's own account actions (users/verify, resend, changePassword, reset), no shop.
  { path: servicePaths.usersVerify, register: account },
  // Own shape: the caller's own two-step sign-in and signed-in devices (decision 0136), no shop.
  { path: servicePaths.usersTwoStep, register: accountTwoStep },
  { path: servicePaths.usersSessions, register: accountSessions },
  // Own shape: the shop itself, the root of tenancy (its members, settings, secrets).
  { path: servicePaths.shops, register: shops },
  // Own shape: members are rows of the shop (invited by e-mail), not records of their own.
  { path: servicePaths.shopStaff, register: shopStaff },
  // Own shape: find only: the members whose e-mail is not verified (decision 0138).
  { path: servicePaths.shopUnverifiedStaff, register: shopUnverifiedStaff },
  // Own shape: links between shops (invited by e-mail), not records of one shop.
  { path: servicePaths.subShops, register: subShops },
  // Own shape: the signed-in user's own invitations, across shops.
  { path: servicePaths.shopInvitations, register: shopInvitations },
  // Own shape: the platform's plan catalogue, not shop-scoped: read by anyone signed in, kept by operators.
  { path: servicePaths.plans, register: plans },
  // Own shape: one subscription per shop, made with the shop; find/get/patch (billing info, auto-renew).
  { path: servicePaths.billing, register: billing },
  // Own shape: pays by card on the platform's Stripe account (decision 0130); provider calls between its transactions.
  { path: servicePaths.billingCheckout, register: billingCheckout },
  // Own shape: re-reads pending charges from the platform's provider, then applies each in its own transaction.
  { path: servicePaths.billingRefresh, register: billingRefresh },
  // Own shape: asks for, reads and cancels the shop's deletion after a grace period (decision 0211).
  { path: servicePaths.shopDeletion, register: shopDeletion },
  // Own shape: read-only invoices the payment's transaction writes.
  { path: servicePaths.billingInvoices, register: billingInvoices },
  { path: servicePaths.categories, register: categories },
  { path: servicePaths.brands, register: brands },
  { path: servicePaths.warehouses, register: warehouses },
  { path: servicePaths.specs, register: specs },
  // Own shape: search, shared products and stock the ledger keeps (decision 0040).
  { path: servicePaths.products, register: products },
  // Own shape: find only: a product by a scanned code.
  { path: servicePaths.productsLookup, register: productsLookup },
  { path: servicePaths.tags, register: tags },
  { path: servicePaths.productBundles, register: productBundles },
  { path: servicePaths.productRelateds, register: productRelateds },
  // Own shape: the ledger: read-only rows its transactions write.
  { path: servicePaths.stocks, register: stocks },
  // Own shape: the ledger: entries are moves of stock, patched but never removed.
  { path: servicePaths.inventories, register: inventories },
  // Own shape: the ledger: lots its moves make, only their details patched.
  { path: servicePaths.inventoryLots, register: inventoryLots },
  // Own shape: the ledger: read-only log its transactions write.
  { path: servicePaths.inventoryLogs, register: inventoryLogs },
  // Operation on stock (restock, transfer, count), one ledger transaction.
  { path: servicePaths.inventoryOperations, register: inventoryOperations },
  // Own shape: the ledger: holds of stock, released by status, never removed.
  { path: servicePaths.stockReservations, register: stockReservations },
  // Operation on the shop's stock: recomputes the ledger's derived rows.
  { path: servicePaths.inventoryRebuild, register: inventoryRebuild },
  { path: servicePaths.banners, register: banners },
  // After the pages, components, themes and siteVersions services it writes through (decision 0110).
  // Operation on the shop's site: writes a template's pages, components, theme.
  { path: servicePaths.themeInstall, register: themeInstall },
  { path: servicePaths.shippingMethods, register: shippingMethods },
  // Domains (decision 0112): the records, then their actions and the TLS proxy's question.
  { path: servicePaths.domains, register: domains },
  // Own shape: find only: the registrar's answer for a name.
  { path: servicePaths.domainAvailability, register: domainAvailability },
  // Operation: buys a name and makes its domain record.
  { path: servicePaths.domainRegister, register: domainRegister },
  // Operation on domains: checks one domain's DNS now.
  { path: servicePaths.domainVerify, register: (context) => domainVerify(context) },
  // Operation on shops: sets or removes the shop's alias domain.
  { path: servicePaths.domainAlias, register: domainAlias },
  // Own shape: public, find only: the TLS proxy's question.
  { path: servicePaths.domainAsk, register: domainAsk },
  // The shop's e-mail (decisions 0147, 0148): sender settings, domain check, preview, test, log.
  { path: servicePaths.mailSettings, register: (context) => mailServices(context) },
  // Orders move stock through the ledger, so they come after the inventory.
  // Own shape: the sale: one transaction owns order, stock, payment (decision 0078).
  { path: servicePaths.orders, register: orders },
  // Own shape: read-only log the order's transactions write.
  { path: servicePaths.orderHistory, register: orderHistory },
  // Operation on orders: refunds in the sale's transaction.
  { path: servicePaths.orderRefunds, register: orderRefunds },
  // Operation on orders: splits an unpaid order in two.
  { path: servicePaths.orderSplits, register: orderSplits },
  // Own shape: the sale: a payment moves its order in the order's transaction.
  { path: servicePaths.payments, register: payments },
  // Own shape: a report, find only.
  { path: servicePaths.salesSummary, register: salesSummary },
  // Own shape: history: checks are cancelled (patched), never removed (decision 0081).
  { path: servicePaths.cashboxLogs, register: cashboxLogs },
  // Own shape: POS cashier stations bound to devices (decision 0095), deselected, never removed.
  { path: servicePaths.cashiers, register: cashiers },
  { path: servicePaths.shopUsers, register: shopUsers },
  // Operation on shopUsers: merges two customers.
  { path: servicePaths.shopUserMerge, register: shopUserMerge },
  // Operation on shopUsers: blanks a customer's personal data.
  { path: servicePaths.shopUserErase, register: shopUserErase },
  // Own shape: get only: a customer's data as one JSON file.
  { path: servicePaths.shopUserPersonalData, register: shopUserPersonalData },
  { path: servicePaths.companyUsers, register: companyUsers },
  { path: servicePaths.shopRankGroups, register: shopRankGroups },
  { path: servicePaths.shopRanks, register: shopRanks },
  // Own shape: read-only log the rank transactions write.
  { path: servicePaths.shopRankLogs, register: shopRankLogs },
  { path: servicePaths.purchasingOrderStatuses, register: purchasingOrderStatuses },
  { path: servicePaths.bulkOrderStatuses, register: bulkOrderStatuses },
  // Own shape: B2B orders move stock in the sale's transaction (decision 0085).
  { path: servicePaths.purchasingOrders, register: purchasingOrders },
  // Own shape: B2B orders move stock in the sale's transaction (decision 0085).
  { path: servicePaths.bulkOrders, register: bulkOrders },
  // Own shape: a report, find only.
  { path: servicePaths.subsequentAgeing, register: subsequentAgeing },
  // Sub-shops roll-up (decision 0087): reads the sales rollup and the ledger's stock rows of linked shops.
  // Own shape: a report, find only.
  { path: servicePaths.subShopSummary, register: subShopSummary },
  // Own shape: a report, find only: linked shops' stock.
  { path: servicePaths.subShopStocks, register: subShopStocks },
  { path: servicePaths.discounts, register: discounts },
  { path: servicePaths.couponTemplates, register: couponTemplates },
  { path: servicePaths.promotions, register: promotions },
  // Coupons (decision 0090): after their templates, whose limits they count against.
  // Own shape: issued, then never edited (an order redeems them).
  { path: servicePaths.coupons, register: coupons },
  // Operation on couponTemplates: issues a batch of coupons under the template's limits.
  { path: servicePaths.couponGenerate, register: couponGenerate },
  { path: servicePaths.pointTypes, register: pointTypes },
  // Points (decision 0091): lots and log read only, written by the points ledger; transfers between customers.
  // Own shape: read-only lots the points ledger writes.
  { path: servicePaths.shopUserPoints, register: shopUserPoints },
  // Own shape: read-only log the points ledger writes.
  { path: servicePaths.pointLogs, register: pointLogs },
  // Operation on shopUsers: moves points between two customers.
  { path: servicePaths.pointTransfers, register: pointTransfers },
  // Operation on shopUsers: gives or takes a customer's points by hand.
  { path: servicePaths.pointAdjustments, register: pointAdjustments },
  // The point of sale (decision 0096): the summary report and the till's catalogue, find only.
  // Own shape: a report, find only.
  { path: servicePaths.posSummary, register: posSummary },
  // Own shape: find only: the till's catalogue and its changes.
  { path: servicePaths.posCatalogue, register: posCatalogue },
  // Own shape: create only, a manager's PIN approval at the till (pos/approvals); with it the caller's own PIN (users/staffPin).
  { path: servicePaths.posApprovals, register: posApprovals },
  // The online shop's content (decision 0107): pages name components, the theme names a page, a version copies them.
  { path: servicePaths.components, register: components },
  { path: servicePaths.pages, register: pages },
  { path: servicePaths.themes, register: themes },
  // Own shape: create publishes the drafts as a version; versions are never edited.
  { path: servicePaths.siteVersions, register: siteVersions },
  // The operator console (decision 0131), after shops and billing: not shop-scoped, operators only.
  // Own shape: a report, find only: every shop's plan and payments, no business data.
  { path: servicePaths.operatorShops, register: operatorShops },
  // Own shape: the operator log (find) and an operator's action on any shop (create), recorded together.
  { path: servicePaths.operatorActions, register: operatorActions },
  { path: servicePaths.operatorJobs, register: operatorJobs },
  // Own shape: uploads (attachments and attachments/token): files and media routes, not JSON records.
  { path: servicePaths.attachments, register: attachments },
  // Own shape: read-only log, written by the changes it records in their transactions (decision 0137).
  { path: servicePaths.auditLogs, register: auditLogs },
  // Own shape: streams a sheet of another list, through that list.
  { path: EXPORT_PATH, register: dataExport },
  // Import runs (decision 0170): a shop-scoped record service with its multipart upload and error sheet
  // routes, each run a job; writes go through each list's service.
  { path: IMPORTS_PATH, register: dataImport },
  { path: servicePaths.importTemplates, register: importTemplates },
  { path: servicePaths.productComments, register: productComments },
  // Own shape: find only, the storefront's visit log writes the rows (decision 0194).
  { path: servicePaths.storeVisits, register: storeVisits },
  { path: servicePaths.miniTopics, register: miniTopics },
  // Own shape: one settings object per shop, its secret sealed in shopSecrets (decision 0204).
  { path: servicePaths.miniSettings, register: miniSettings },
  // Own shape: the mini-program package's download, a Koa route (decision 0206).
  { path: MINI_PACKAGE_PATH, register: miniPackage },
  // Own shape: the accounting integration (decision 0197), after orders and payments, whose events send its sync.
  { path: servicePaths.accountingXero, register: accountingXero }
]

/** Registers every service in order; a registration that leaves its path empty is a startup error. */
export const registerServices = (app: App, context: ServiceContext) => {
  for (const { path, register } of services) {
    app.configure(register(context))
    if (!app.services[path]) throw new Error(`Registering ${path} registered no service there`)
  }
}
