import type { Area } from '@emporia/shared'
import { brandsScreen } from '../features/brands/brands.screen'
import { categoriesScreen } from '../features/categories/categories.screen'
import { inventoriesScreen } from '../features/inventories/inventories.screen'
import { inventoryLogsScreen } from '../features/inventory-logs/inventory-logs.screen'
import { inventoryLotsScreen } from '../features/inventory-lots/inventory-lots.screen'
import { productBundlesScreen } from '../features/product-bundles/product-bundles.screen'
import { productRelatedsScreen } from '../features/product-relateds/product-relateds.screen'
import { productsScreen } from '../features/products/products.screen'
import { settingsInventoryScreen } from '../features/settings-inventory/settings-inventory.screen'
import { settingsPaymentScreen } from '../features/settings-payment/settings-payment.screen'
import { specsScreen } from '../features/specs/specs.screen'
import { tagsScreen } from '../features/tags/tags.screen'
import { warehousesScreen } from '../features/warehouses/warehouses.screen'
import { bannersScreen } from '../features/banners/banners.screen'
import { eshopDomainsScreen } from '../features/eshop-domains/eshop-domains.screen'
import { ordersScreen } from '../features/orders/orders.screen'
import { paymentsScreen } from '../features/payments/payments.screen'
import { cashboxLogsScreen } from '../features/cashbox-logs/cashbox-logs.screen'
import { chartsScreen } from '../features/charts/charts.screen'
import { shopUsersScreen } from '../features/shop-users/shop-users.screen'
import { companyUsersScreen } from '../features/company-users/company-users.screen'
import { shopRankGroupsScreen } from '../features/shop-rank-groups/shop-rank-groups.screen'
import { shopRanksScreen } from '../features/shop-ranks/shop-ranks.screen'
import { purchasingOrderStatusesScreen } from '../features/purchasing-order-statuses/purchasing-order-statuses.screen'
import { bulkOrderStatusesScreen } from '../features/bulk-order-statuses/bulk-order-statuses.screen'
import { purchasingOrdersScreen } from '../features/purchasing-orders/purchasing-orders.screen'
import { bulkOrdersScreen } from '../features/bulk-orders/bulk-orders.screen'
import { ageingScreen } from '../features/subsequent-payments/subsequent-payments.screen'
// Sub-shops roll-up (decision 0087)
import { subShopsScreen } from '../features/sub-shops/sub-shops.screen'
import { stockMovesScreen } from '../features/stock-moves/stock-moves.screen'
import { discountsScreen } from '../features/discounts/discounts.screen'
import { couponTemplatesScreen } from '../features/coupon-templates/coupon-templates.screen'
import { promotionsScreen } from '../features/promotions/promotions.screen'
import { pointTypesScreen } from '../features/point-types/point-types.screen'
import { posScreenDef } from '../features/pos/pos.screen'
import { settingsPosScreen } from '../features/settings-pos/settings-pos.screen'
import { settingsPosBannersScreen } from '../features/settings-pos-banners/settings-pos-banners.screen'
import { eshopComponentsScreen, eshopPagesScreen } from '../features/eshop-pages/eshop-pages.screen'
import { eshopThemeScreen } from '../features/eshop-theme/eshop-theme.screen'
import { settingsShopScreen } from '../features/settings-shop/settings-shop.screen'
import { appSettingsScreen } from '../features/app-settings/app-settings.screen'
import { settingsShippingMethodsScreen } from '../features/settings-shipping-methods/settings-shipping-methods.screen'
import { settingsSocialScreen } from '../features/settings-social/settings-social.screen'
import { settingsUiScreen } from '../features/settings-ui/settings-ui.screen'
import { billingScreen } from '../features/billing/billing.screen'
import { settingsAccessScreen } from '../features/settings-access/settings-access.screen'
import { settingsAuditScreen } from '../features/settings-audit/settings-audit.screen'
import { settingsVerifyScreen } from '../features/settings-verify/settings-verify.screen'
import { settingsEmailScreen } from '../features/settings-email/settings-email.screen'
import { settingsIntegrationsScreen } from '../features/settings-integrations/settings-integrations.screen'
import type { DrawerEntry, DrawerGroup, MenuIcon, ScreenDef } from '../lib/screens/screen'
import { importTemplatesScreen } from '../features/import-templates/import-templates.screen'
import { productCommentsScreen } from '../features/product-comments/product-comments.screen'
import { miniTopicsScreen } from '../features/mini-topics/mini-topics.screen'
import { miniMembersScreen } from '../features/mini-members/mini-members.screen'
import { miniSettingsScreen } from '../features/mini-settings/mini-settings.screen'

/*
 * The screen registry (decision 0075): every shop screen once. The router's routes, the drawer, the
 * browser tests' route list and the "Coming soon" pages are derived from it. Pure data: the browser
 * tests import it in Node.
 */

const top = (order: number, icon: MenuIcon, rest: Omit<DrawerEntry, 'order' | 'icon'> = {}): DrawerEntry => ({
  order,
  icon,
  ...rest
})

/** The drawer's groups (spec §2.4): place among the top-level entries, label, icon and who sees them. */
export const drawerGroups: Record<DrawerGroup, { order: number; label: string; icon: MenuIcon; area: Area; teaser?: boolean }> = {
  eshop: { order: 20, label: 'menu.eshop', icon: 'eshop', area: 'eshop' },
  mini: { order: 40, label: 'route.mini', icon: 'mini', area: 'mini', teaser: true },
  warehouses: { order: 50, label: 'menu.warehouses', icon: 'warehouses', area: 'warehouses' },
  bundles: { order: 70, label: 'menu.bundles', icon: 'bundles', area: 'bundles' },
  subsequentPayments: { order: 180, label: 'menu.subsequentPayments', icon: 'subsequent', area: 'subsequentPayments' }
}

/** The setup wizard: first in the E-shop group, and the only entry while the user has no shop. */
export const wizardScreen: ScreenDef = {
  route: 'eshop',
  kind: 'page',
  page: 'eshop',
  noShop: true,
  drawer: { group: 'eshop', order: 10, label: 'menu.wizard', key: 'eshop' }
}

/** Every shop screen, each from its feature's screen file. */
export const screens: readonly ScreenDef[] = [
  {
    route: 'dashboard',
    kind: 'page',
    page: 'dashboard',
    area: 'dashboard',
    drawer: top(10, 'home', { label: 'menu.home', key: 'home' })
  },
  wizardScreen,
  eshopPagesScreen,
  eshopComponentsScreen,
  eshopThemeScreen,
  categoriesScreen,
  brandsScreen,
  eshopDomainsScreen,
  bannersScreen,
  appSettingsScreen,
  miniSettingsScreen,
  miniTopicsScreen,
  miniMembersScreen,
  warehousesScreen,
  inventoriesScreen,
  inventoryLogsScreen,
  inventoryLotsScreen,
  productsScreen,
  specsScreen,
  tagsScreen,
  productBundlesScreen,
  productRelatedsScreen,
  discountsScreen,
  couponTemplatesScreen,
  promotionsScreen,
  ordersScreen,
  paymentsScreen,
  cashboxLogsScreen,
  chartsScreen,
  posScreenDef,
  shopUsersScreen,
  subShopsScreen,
  stockMovesScreen,
  companyUsersScreen,
  purchasingOrdersScreen,
  bulkOrdersScreen,
  bulkOrderStatusesScreen,
  purchasingOrderStatusesScreen,
  ageingScreen,
  // Its label and plan status are the drawer's (spec §2.4 Billing/Upgrade).
  billingScreen,
  { route: 'settings', kind: 'page', page: 'settings', area: 'settings', drawer: top(200, 'settings') },
  settingsAccessScreen,
  settingsAuditScreen,
  settingsInventoryScreen,
  settingsPaymentScreen,
  settingsPosScreen,
  settingsPosBannersScreen,
  settingsShippingMethodsScreen,
  settingsShopScreen,
  settingsSocialScreen,
  settingsUiScreen,
  settingsVerifyScreen,
  settingsEmailScreen,
  settingsIntegrationsScreen,
  shopRankGroupsScreen,
  shopRanksScreen,
  pointTypesScreen,
  importTemplatesScreen,
  productCommentsScreen
]
