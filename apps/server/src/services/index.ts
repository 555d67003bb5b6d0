import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import type { ServiceContext } from '../platform/http/service-context'
import { account } from './account/account'
import { attachments } from './attachments/attachments'
import { authentication } from './authentication/authentication'
import { brands } from './brands/brands'
import { categories } from './categories/categories'
import { dataExport, EXPORT_PATH } from './export/export'
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
import { shops } from './shops/shops'
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
import { posCatalogue } from './pos-catalogue/pos-catalogue'
// The online shop's content (decision 0107).
import { components } from './components/components'
import { pages } from './pages/pages'
import { themes } from './themes/themes'
import { siteVersions } from './site-versions/site-versions'

export { mediaRoutes } from './attachments/attachments'

/** One service: its path, and the function that registers it (and any paths it brings along). */
export interface ServiceRegistration {
  path: string
  register: (context: ServiceContext) => (app: Application) => void
}

/**
 * Every service, in registration order (docs/decisions/0074): a service whose hooks or listeners
 * use another's (shops before staff, products before their lookup) comes after it. A new service
 * is one line here.
 */
export const services: readonly ServiceRegistration[] = [
  { path: servicePaths.authentication, register: authentication },
  { path: servicePaths.health, register: health },
  { path: 'features', register: features },
  { path: servicePaths.users, register: users },
  // users/verify, users/resend, users/changePassword and users/reset.
  { path: servicePaths.usersVerify, register: account },
  { path: servicePaths.shops, register: shops },
  { path: servicePaths.shopStaff, register: shopStaff },
  { path: servicePaths.subShops, register: subShops },
  { path: servicePaths.shopInvitations, register: shopInvitations },
  { path: servicePaths.categories, register: categories },
  { path: servicePaths.brands, register: brands },
  { path: servicePaths.warehouses, register: warehouses },
  { path: servicePaths.specs, register: specs },
  { path: servicePaths.products, register: products },
  { path: servicePaths.productsLookup, register: productsLookup },
  { path: servicePaths.tags, register: tags },
  { path: servicePaths.productBundles, register: productBundles },
  { path: servicePaths.productRelateds, register: productRelateds },
  { path: servicePaths.stocks, register: stocks },
  { path: servicePaths.inventories, register: inventories },
  { path: servicePaths.inventoryLots, register: inventoryLots },
  { path: servicePaths.inventoryLogs, register: inventoryLogs },
  { path: servicePaths.inventoryOperations, register: inventoryOperations },
  { path: servicePaths.stockReservations, register: stockReservations },
  { path: servicePaths.inventoryRebuild, register: inventoryRebuild },
  { path: servicePaths.banners, register: banners },
  // After the pages, components, themes and siteVersions services it writes through (decision 0110).
  { path: servicePaths.themeInstall, register: themeInstall },
  { path: servicePaths.shippingMethods, register: shippingMethods },
  // Domains (decision 0112): the records, then their actions and the TLS proxy's question.
  { path: servicePaths.domains, register: domains },
  { path: servicePaths.domainAvailability, register: domainAvailability },
  { path: servicePaths.domainRegister, register: domainRegister },
  { path: servicePaths.domainVerify, register: (context) => domainVerify(context) },
  { path: servicePaths.domainAlias, register: domainAlias },
  { path: servicePaths.domainAsk, register: domainAsk },
  // Orders move stock through the ledger, so they come after the inventory.
  { path: servicePaths.orders, register: orders },
  { path: servicePaths.orderHistory, register: orderHistory },
  { path: servicePaths.orderRefunds, register: orderRefunds },
  { path: servicePaths.orderSplits, register: orderSplits },
  { path: servicePaths.payments, register: payments },
  { path: servicePaths.salesSummary, register: salesSummary },
  { path: servicePaths.cashboxLogs, register: cashboxLogs },
  // POS cashier stations bound to devices (decision 0095).
  { path: servicePaths.cashiers, register: cashiers },
  { path: servicePaths.shopUsers, register: shopUsers },
  { path: servicePaths.shopUserMerge, register: shopUserMerge },
  { path: servicePaths.shopUserErase, register: shopUserErase },
  { path: servicePaths.shopUserPersonalData, register: shopUserPersonalData },
  { path: servicePaths.companyUsers, register: companyUsers },
  { path: servicePaths.shopRankGroups, register: shopRankGroups },
  { path: servicePaths.shopRanks, register: shopRanks },
  { path: servicePaths.shopRankLogs, register: shopRankLogs },
  { path: servicePaths.purchasingOrderStatuses, register: purchasingOrderStatuses },
  { path: servicePaths.bulkOrderStatuses, register: bulkOrderStatuses },
  { path: servicePaths.purchasingOrders, register: purchasingOrders },
  { path: servicePaths.bulkOrders, register: bulkOrders },
  { path: servicePaths.subsequentAgeing, register: subsequentAgeing },
  // Sub-shops roll-up (decision 0087): reads the sales rollup and the ledger's stock rows of linked shops.
  { path: servicePaths.subShopSummary, register: subShopSummary },
  { path: servicePaths.subShopStocks, register: subShopStocks },
  { path: servicePaths.discounts, register: discounts },
  { path: servicePaths.couponTemplates, register: couponTemplates },
  { path: servicePaths.promotions, register: promotions },
  // Coupons (decision 0090): after their templates, whose limits they count against.
  { path: servicePaths.coupons, register: coupons },
  { path: servicePaths.couponGenerate, register: couponGenerate },
  { path: servicePaths.pointTypes, register: pointTypes },
  // Points (decision 0091): lots and log read only, written by the points ledger; transfers between customers.
  { path: servicePaths.shopUserPoints, register: shopUserPoints },
  { path: servicePaths.pointLogs, register: pointLogs },
  { path: servicePaths.pointTransfers, register: pointTransfers },
  { path: servicePaths.pointAdjustments, register: pointAdjustments },
  // The point of sale (decision 0096): the summary report and the till's catalogue, find only.
  { path: servicePaths.posSummary, register: posSummary },
  { path: servicePaths.posCatalogue, register: posCatalogue },
  // The online shop's content (decision 0107): pages name components, the theme names a page, a version copies them.
  { path: servicePaths.components, register: components },
  { path: servicePaths.pages, register: pages },
  { path: servicePaths.themes, register: themes },
  { path: servicePaths.siteVersions, register: siteVersions },
  // attachments and attachments/token.
  { path: servicePaths.attachments, register: attachments },
  { path: EXPORT_PATH, register: dataExport }
]

/** Registers every service in order; a registration that leaves its path empty is a startup error. */
export const registerServices = (app: Application, context: ServiceContext) => {
  for (const { path, register } of services) {
    app.configure(register(context))
    if (!app.services[path]) throw new Error(`Registering ${path} registered no service there`)
  }
}
