import type { RouteComponent } from '@tanstack/react-router'
import type { LayoutName, PageName } from './route-paths'
import { lazyPage } from './lazy-page'

/** One lazy component per page, shared by the route with and the route without the shop prefix. */
export const pages: Record<PageName, RouteComponent> = {
  index: lazyPage(() => import('../../features/dashboard/index-page'), 'IndexPage'),
  dashboard: lazyPage(() => import('../../features/dashboard/dashboard-page'), 'DashboardPage'),
  login: lazyPage(() => import('../../features/account/login-page'), 'LoginPage'),
  logout: lazyPage(() => import('../../features/account/logout-page'), 'LogoutPage'),
  register: lazyPage(() => import('../../features/account/register-page'), 'RegisterPage'),
  registerVerify: lazyPage(() => import('../../features/account/verify-page'), 'VerifyPage'),
  resetRequest: lazyPage(() => import('../../features/account/reset-request-page'), 'ResetRequestPage'),
  resetVerify: lazyPage(() => import('../../features/account/reset-verify-page'), 'ResetVerifyPage'),
  resetReset: lazyPage(() => import('../../features/account/reset-password-page'), 'ResetPasswordPage'),
  profile: lazyPage(() => import('../../features/account/profile-page'), 'ProfilePage'),
  changeInfo: lazyPage(() => import('../../features/account/change-info-page'), 'ChangeInfoPage'),
  changePassword: lazyPage(() => import('../../features/account/change-password-page'), 'ChangePasswordPage'),
  invoice: lazyPage(() => import('../../features/invoice/invoice-page'), 'InvoicePage'),
  posScreen: lazyPage(() => import('../../features/pos-screen/pos-screen-page'), 'PosScreenPage'),
  eshop: lazyPage(() => import('../../features/eshop/eshop-page'), 'EshopPage'),
  charts: lazyPage(() => import('../../features/charts/charts-page'), 'ChartsPage'),
  devTest: lazyPage(() => import('../../features/dev/dev-test-page'), 'DevTestPage'),
  devImportScript: lazyPage(() => import('./dev-import-script-route'), 'DevImportScriptRoute'),
  resource: lazyPage(() => import('./resource-routes'), 'ResourceRoutePage'),
  orderDetail: lazyPage(() => import('../../features/orders/order-page'), 'OrderPage'),
  bulkOrderView: lazyPage(() => import('../../features/bulk-orders/bulk-order-view-page'), 'BulkOrderViewPage'),
  ageing: lazyPage(() => import('../../features/subsequent-payments/ageing-page'), 'AgeingPage'),
  companyStatement: lazyPage(() => import('../../features/company-users/statement-page'), 'StatementPage'),
  subShops: lazyPage(() => import('../../features/sub-shops/sub-shops-page'), 'SubShopsPage'),
  subShopStock: lazyPage(() => import('../../features/sub-shops/sub-shop-stock-page'), 'SubShopStockPage'),
  stockMoves: lazyPage(() => import('../../features/stock-moves/stock-moves-page'), 'StockMovesPage'),
  customerDetail: lazyPage(() => import('../../features/shop-users/customer-page'), 'CustomerPage'),
  pos: lazyPage(() => import('../../features/pos/pos-page'), 'PosPage'),
  pageDesigner: lazyPage(() => import('../../features/eshop-pages/page-designer-page'), 'PageDesignerPage'),
  eshopTheme: lazyPage(() => import('../../features/eshop-theme/theme-page'), 'ThemePage'),
  domainPurchase: lazyPage(() => import('../../features/eshop-domains/domain-purchase-page'), 'DomainPurchasePage'),
  billing: lazyPage(() => import('../../features/billing/billing-page'), 'BillingPage'),
  billingInvoice: lazyPage(() => import('../../features/billing/billing-invoice-page'), 'BillingInvoicePage'),
  invitations: lazyPage(() => import('../../features/invitations/invitations-page'), 'InvitationsPage'),
  operator: lazyPage(() => import('../../features/operator/operator-page'), 'OperatorPage'),
  settings: lazyPage(() => import('../settings/settings-page'), 'SettingsPage'),
  placeholder: lazyPage(() => import('../../features/placeholder/placeholder-page'), 'PlaceholderPage')
}

export const layouts: Record<LayoutName, RouteComponent> = {
  default: lazyPage(() => import('../layouts/default-layout'), 'DefaultLayout'),
  login: lazyPage(() => import('../layouts/login-layout'), 'LoginLayout'),
  invoice: lazyPage(() => import('../layouts/invoice-layout'), 'InvoiceLayout'),
  posScreen: lazyPage(() => import('../layouts/pos-screen-layout'), 'PosScreenLayout'),
  bare: lazyPage(() => import('../layouts/bare-layout'), 'BareLayout')
}
