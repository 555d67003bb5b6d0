import type { Knex } from 'knex'
import * as users from './20261121000000-users'
import * as mailOutbox from './20261121010000-mail-outbox'
import * as shops from './20261121020000-shops'
import * as catalogue from './20261121030000-catalogue'
import * as attachments from './20261121040000-attachments'
import * as rowSecurity from './20261121050000-row-security'
import * as products from './20261121060000-products'
import * as inventory from './20261121070000-inventory'
import * as productSearch from './20261121080000-product-search'
import * as usersTokensValidAfter from './20261124000000-users-tokens-valid-after'
import * as bannersTable from './20261125020220-banners'
import * as siteContent from './20261127020000-site-content'
import * as ordersTables from './20261125040000-orders'
import * as checkoutSettings from './20261126010000-checkout-settings'
import * as salesRollup from './20261126020000-sales-rollup'
import * as salesRollupDays from './20261126060000-sales-rollup-days'
import * as cashboxLogsTable from './20261126020000-cashbox-logs'
import * as shopUsersTable from './20261125183604-shop-users'
import * as companyUsersTable from './20261125183607-company-users'
import * as shopRankGroupsTable from './20261125183609-shop-rank-groups'
import * as shopRanksTable from './20261125183612-shop-ranks'
// membership ranks (decision 0084)
import * as shopRankLogsTable from './20261125185019-shop-rank-logs'
import * as purchasingOrderStatusesTable from './20261125183614-purchasing-order-statuses'
import * as bulkOrderStatusesTable from './20261125183617-bulk-order-statuses'
import * as purchasingOrdersTable from './20261125183620-purchasing-orders'
import * as bulkOrdersTable from './20261125183623-bulk-orders'
// Customers (issue 14, decision 0083): unique e-mail/phone per shop and the prefix-search indexes.
import * as shopUsersSearch from './20261125184938-shop-users-search'
// B2B deferred payment (issue 14, server): indexes, counters and the orders' log.
import * as subsequentPayments from './20261125184859-subsequent-payments'
// Sub-shops roll-up (decision 0087)
import * as subShopLinks from './20261125184909-sub-shop-links'
import * as discountsTable from './20261125214550-discounts'
import * as couponTemplatesTable from './20261125214558-coupon-templates'
import * as promotionsTable from './20261125214600-promotions'
import * as pointTypesTable from './20261125214603-point-types'
import * as couponsTables from './20261125220000-coupons'
import * as pointsTables from './20261125220000-points'
// Pricing in orders and the staff discount budget (decision 0092).
import * as orderPricing from './20261126200000-order-pricing'
// POS stations, device tokens, POS settings and staff POS access (decision 0095).
import * as posStations from './20261126210000-pos-stations'
// The till's catalogue reads products changed since its copy (decision 0096).
import * as productsCachedReserved from './20261127000000-products-cached-reserved'
import * as posCatalogueIndex from './20261126230000-pos-catalogue-index'
// Shipping methods, social and UI settings, case-insensitive subdomains (decision 0113).
import * as siteSettings from './20261127030113-site-settings'
import * as storefrontCheckout from './20261128090000-storefront-checkout'
import * as productKeywords from './20261127010000-product-keywords'
import * as domainsTable from './20261128100000-domains'
import * as shopUserCodes from './20261128110000-shop-user-codes'
// Limits on what one storefront shopper may hold, unpaid orders expire (issue 28, decision 0120).
import * as onlineOrderLimits from './20261128230000-online-order-limits'
// Unproven domain claims lapse and block nobody (issue 28, decision 0121).
import * as domainClaims from './20261129000000-domain-claims'
// Shops' stored credentials sealed at rest (issue 28, decision 0122).
import * as sealShopSecrets from './20261129010000-seal-shop-secrets'
import * as billing from './20261130000000-billing'
// Shops made before billing get a trial until their validUtil (decision 0129).
import * as billingBackfill from './20261130010000-billing-backfill'
// Manager approval at the till and staff PINs (decision 0135).
import * as staffPin from './20261201000000-staff-pin'
// Two-step sign-in and sessions (decision 0136).
import * as twoStep from './20261201010000-two-step'
import * as shopVerifySettings from './20261201030000-shop-verify-settings'
// The audit log, immutable at the database (issue 31, decision 0137).
import * as auditLog from './20261201020000-audit-log'
// Order lines keep product and SKU names; rule codes unique as codes compare (issue 32, decision 0139).
import * as orderLineNames from './20261201040000-order-line-names'
import * as jobQueue from './20261202000000-job-queue'
// Mail to a shop's customers: event keys, the order, the shop's sender (decisions 0147, 0148).
import * as customerMail from './20261202010000-customer-mail'
import * as oneCategoryModel from './20261202040000-one-category-model'
import * as customerNameOrder from './20261202050001-customer-name-order'
import * as rankRecomputeProgress from './20261202050002-rank-recompute-progress'
import * as orderCustomerBackfill from './20261202050003-order-customer-backfill'
import * as domainExpiryWarned from './20261202060000-domain-expiry-warned'
import * as orderLineUnits from './20261203010000-order-line-units'
import * as importTemplatesTable from './20261203030000-import-templates'
import * as orderLocale from './20261203050000-order-locale'
import * as importRuns from './20261204010000-import-runs'
import * as importKeys from './20261204050000-import-keys'
import * as shopFlowFlags from './20261205000000-shop-flow-flags'
import * as shopFlowOrders from './20261205010000-shop-flow-orders'
import * as useInventoryOn from './20261205020000-use-inventory-on'
import * as posReceiptSettings from './20261206010000-pos-receipt-settings'
import * as discountUseLimit from './20261207010000-discount-use-limit'
import * as shopCurrencySymbol from './20261207020000-shop-currency-symbol'
import * as productCommentsTable from './20261210010000-product-comments'
import * as storeVisitsTable from './20261210020000-store-visits'
import * as productCouponGrants from './20261211010000-product-coupon-grants'
import * as languagesAndScreenOn from './20261212010000-languages-and-screen-on'
import * as accountingTables from './20261213010000-accounting'
import * as paymentGateways from './20261213020000-payment-gateways'
import * as installableApp from './20261213040000-installable-app'
import * as miniTopicsTable from './20261213050000-mini-topics'
import * as shopUserChannels from './20261213050100-shop-user-channels'
import * as miniProgram from './20261213050200-mini-program'
// Deleting a shop after a grace period (decision 0211).
import * as shopDeletion from './20261214050000-shop-deletion'
// Two-step sign-in secrets sealed at rest (decision 0212).
import * as sealTwoStepSecrets from './20261214060000-seal-two-step-secrets'
import * as sealOutboxCodes from './20261215010000-seal-outbox-codes'

interface Migration {
  up: (knex: Knex) => Promise<void>
  down: (knex: Knex) => Promise<void>
}

/** Every migration, by name. Add new ones here; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '20261121000000-users': users,
  '20261121010000-mail-outbox': mailOutbox,
  '20261121020000-shops': shops,
  '20261121030000-catalogue': catalogue,
  '20261121040000-attachments': attachments,
  '20261121050000-row-security': rowSecurity,
  '20261121060000-products': products,
  '20261121070000-inventory': inventory,
  '20261121080000-product-search': productSearch,
  '20261124000000-users-tokens-valid-after': usersTokensValidAfter,
  '20261125020220-banners': bannersTable,
  '20261125040000-orders': ordersTables,
  '20261126010000-checkout-settings': checkoutSettings,
  '20261126020000-sales-rollup': salesRollup,
  '20261126020000-cashbox-logs': cashboxLogsTable,
  '20261126060000-sales-rollup-days': salesRollupDays,
  '20261125183604-shop-users': shopUsersTable,
  '20261125183607-company-users': companyUsersTable,
  '20261125183609-shop-rank-groups': shopRankGroupsTable,
  '20261125183612-shop-ranks': shopRanksTable,
  '20261125185019-shop-rank-logs': shopRankLogsTable,
  '20261125183614-purchasing-order-statuses': purchasingOrderStatusesTable,
  '20261125183617-bulk-order-statuses': bulkOrderStatusesTable,
  '20261125183620-purchasing-orders': purchasingOrdersTable,
  '20261125183623-bulk-orders': bulkOrdersTable,
  '20261125184938-shop-users-search': shopUsersSearch,
  '20261125184859-subsequent-payments': subsequentPayments,
  '20261125184909-sub-shop-links': subShopLinks,
  '20261125214550-discounts': discountsTable,
  '20261125214558-coupon-templates': couponTemplatesTable,
  '20261125214600-promotions': promotionsTable,
  '20261125214603-point-types': pointTypesTable,
  '20261125220000-coupons': couponsTables,
  '20261125220000-points': pointsTables,
  '20261126200000-order-pricing': orderPricing,
  '20261126210000-pos-stations': posStations,
  '20261126230000-pos-catalogue-index': posCatalogueIndex,
  '20261127000000-products-cached-reserved': productsCachedReserved,
  '20261127010000-product-keywords': productKeywords,
  '20261127020000-site-content': siteContent,
  '20261127030113-site-settings': siteSettings,
  '20261128090000-storefront-checkout': storefrontCheckout,
  '20261128100000-domains': domainsTable,
  '20261128110000-shop-user-codes': shopUserCodes,
  '20261128230000-online-order-limits': onlineOrderLimits,
  '20261129000000-domain-claims': domainClaims,
  '20261129010000-seal-shop-secrets': sealShopSecrets,
  '20261130000000-billing': billing,
  '20261130010000-billing-backfill': billingBackfill,
  '20261201000000-staff-pin': staffPin,
  '20261201010000-two-step': twoStep,
  '20261201020000-audit-log': auditLog,
  '20261201030000-shop-verify-settings': shopVerifySettings,
  '20261201040000-order-line-names': orderLineNames,
  '20261202000000-job-queue': jobQueue,
  '20261202010000-customer-mail': customerMail,
  '20261202040000-one-category-model': oneCategoryModel,
  '20261202050001-customer-name-order': customerNameOrder,
  '20261202050002-rank-recompute-progress': rankRecomputeProgress,
  '20261202050003-order-customer-backfill': orderCustomerBackfill,
  '20261202060000-domain-expiry-warned': domainExpiryWarned,
  '20261203010000-order-line-units': orderLineUnits,
  '20261203030000-import-templates': importTemplatesTable,
  '20261203050000-order-locale': orderLocale,
  '20261204010000-import-runs': importRuns,
  '20261204050000-import-keys': importKeys,
  '20261205000000-shop-flow-flags': shopFlowFlags,
  '20261205010000-shop-flow-orders': shopFlowOrders,
  '20261205020000-use-inventory-on': useInventoryOn,
  '20261206010000-pos-receipt-settings': posReceiptSettings,
  '20261207010000-discount-use-limit': discountUseLimit,
  '20261207020000-shop-currency-symbol': shopCurrencySymbol,
  '20261210010000-product-comments': productCommentsTable,
  '20261210020000-store-visits': storeVisitsTable,
  '20261211010000-product-coupon-grants': productCouponGrants,
  '20261212010000-languages-and-screen-on': languagesAndScreenOn,
  '20261213010000-accounting': accountingTables,
  '20261213020000-payment-gateways': paymentGateways,
  '20261213040000-installable-app': installableApp,
  '20261213050000-mini-topics': miniTopicsTable,
  '20261213050100-shop-user-channels': shopUserChannels,
  '20261213050200-mini-program': miniProgram,
  '20261214050000-shop-deletion': shopDeletion,
  '20261214060000-seal-two-step-secrets': sealTwoStepSecrets,
  '20261215010000-seal-outbox-codes': sealOutboxCodes
}
