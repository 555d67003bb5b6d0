import type {
  CustomerEraseData,
  CustomerEraseResult,
  CustomerMergeData,
  CustomerMergeResult,
  CustomerPersonalData
} from '../customers/shop-user-rules'
import type { Brand, BrandData, BrandPatch, Category, CategoryData, CategoryPatch } from '../catalogue/category.schema'
import type {
  ProductBundle,
  ProductData,
  ProductPatch,
  ProductRecord,
  ProductRelated,
  Spec,
  Tag
} from '../catalogue/product.schema'
import type {
  Inventory,
  InventoryLog,
  InventoryLot,
  InventoryOperationData,
  InventoryOperationResult,
  StockTakeData,
  Stock,
  StockReservation
} from '../inventory/inventory.schema'
import type { Warehouse, WarehouseData, WarehousePatch } from '../inventory/warehouse.schema'
import type { Attachment, AttachmentPatch } from '../media/attachment.schema'
import type { Page } from '../query/query'
import type { AccountingAction, AccountingStatus } from '../accounting/accounting.schema'
import type { Cashier, CashierData, CashierPatch } from '../pos/cashier.schema'
import type { PosSummary, PosSummaryQuery } from '../pos/pos-summary'
import type { PosCatalogue } from '../pos/pos-catalogue'
import type {
  SubShopRollup,
  SubShopRollupQuery,
  SubShopRollupRow,
  SubShopStockPage,
  SubShopStockQuery,
  SubShopStockRow
} from '../shops/sub-shop-rollup'
import type { Plan, PlanData, PlanPatch } from '../billing/plan.schema'
import type {
  BillingCheckout,
  BillingCheckoutData,
  BillingInvoice,
  BillingRefreshData,
  OperatorAction,
  OperatorActionData,
  OperatorShopQuery,
  OperatorShopRow,
  Subscription,
  SubscriptionPatch
} from '../billing/subscription.schema'
import type { Shop, ShopData, ShopStaff, ShopStaffData, ShopStaffPatch, ShopPatch } from '../shops/shop.schema'
import type { Registration, TwoStepAnswer, TwoStepRequest, User, UserPatch, UserSession } from '../users/user.schema'
import type { servicePaths, ServicePath } from './service-paths'
import type {
  MailLogEntry,
  MailLogQuery,
  MailPreview,
  MailPreviewData,
  MailSettings,
  MailSettingsData,
  MailTestResult
} from '../shops/mail-settings'
import type { Banner, BannerData, BannerPatch } from '../eshop/banner.schema'
import type { Theme, ThemeData, ThemePatch } from '../eshop/theme.schema'
import type { SiteVersion, SiteVersionData } from '../eshop/site-version.schema'
import type { ThemeInstallData, ThemeInstallResult } from '../eshop/templates/theme-install'
import type { ShippingMethod, ShippingMethodData, ShippingMethodPatch } from '../eshop/shipping-method.schema'
import type {
  Domain,
  DomainAliasData,
  DomainAliasResult,
  DomainAvailability,
  DomainData,
  DomainPatch,
  DomainRegisterData,
  DomainVerifyData
} from '../eshop/domain.schema'
import type { Component, ComponentData, ShopPage, ShopPageData, ShopPagePatch } from '../pages/page.schema'
import type { Order, OrderData, OrderEvent, OrderPatch, RefundData, RefundResult, SplitData } from '../orders/order.schema'
import type { Payment, PaymentData, PaymentPatch } from '../orders/payment.schema'
import type { SalesSummary, SalesSummaryQuery } from '../orders/sales'
import type { CashCheck, CashCheckData, CashCheckPatch } from '../orders/cash-check.schema'
import type { ShopUser, ShopUserData, ShopUserPatch } from '../customers/shop-user.schema'
import type { CompanyUser, CompanyUserData, CompanyUserPatch } from '../customers/company-user.schema'
import type { ShopRankGroup, ShopRankGroupData, ShopRankGroupPatch } from '../customers/shop-rank-group.schema'
import type { ShopRank, ShopRankData, ShopRankPatch } from '../customers/shop-rank.schema'
import type {
  PurchasingOrderStatus,
  PurchasingOrderStatusData,
  PurchasingOrderStatusPatch
} from '../subsequent/purchasing-order-status.schema'
import type { BulkOrderStatus, BulkOrderStatusData, BulkOrderStatusPatch } from '../subsequent/bulk-order-status.schema'
import type { PurchasingOrder, PurchasingOrderData, PurchasingOrderPatch } from '../subsequent/purchasing-order.schema'
import type { BulkOrder, BulkOrderData, BulkOrderPatch } from '../subsequent/bulk-order.schema'
import type { AgeingQuery, AgeingReport } from '../subsequent/ageing'
import type { ShopRankLog } from '../customers/shop-rank-log.schema'
import type { Discount, DiscountData, DiscountPatch } from '../promotions/discount.schema'
import type { CouponTemplate, CouponTemplateData, CouponTemplatePatch } from '../promotions/coupon-template.schema'
import type { Promotion, PromotionData, PromotionPatch } from '../promotions/promotion.schema'
import type { Coupon, CouponData, CouponGenerate, CouponGenerated } from '../promotions/coupon.schema'
import type { PointType, PointTypeData, PointTypePatch } from '../promotions/point-type.schema'
import type { ShopUserPoint } from '../promotions/shop-user-point.schema'
import type {
  PointAdjustmentData,
  PointAdjustmentResult,
  PointLog,
  PointTransferData,
  PointTransferResult
} from '../promotions/point-log.schema'
import type { LooseRecord, ServiceQuery } from './service-query'
import type { ShopDeletion, ShopDeletionData } from '../shops/shop-deletion'
import type { AuditLog } from '../audit/audit-log.schema'
import type { PosApproval, PosApprovalData, StaffPinData, StaffPinState } from '../pos/pos-approval'
import type { ImportTemplate, ImportTemplateData, ImportTemplatePatch } from '../shops/import-template.schema'
import type { ImportRun, ImportRunData, ImportRunPatch } from '../shops/import-run.schema'
import type { ProductComment, ProductCommentData, ProductCommentPatch } from '../catalogue/product-comment.schema'
import type { StoreVisitsQuery, StoreVisitsReport } from '../eshop/store-visit.schema'
import type { MiniTopic, MiniTopicData, MiniTopicPatch } from '../eshop/mini-topic.schema'
import type { MiniSettings, MiniSettingsData } from '../eshop/mini-settings.schema'

export type { LooseRecord, ServiceQuery }

/** What a service without a shared schema answers: some JSON object, to be narrowed by its caller. */

/** One service's types: the record it answers, what `create` and `patch` take, `find`'s query and answer. */
export interface ServiceShape<R, D = Partial<R>, P = Partial<D>, Q = ServiceQuery<R>, F = Page<R>> {
  record: R
  data: D
  patch: P
  query: Q
  found: F
}

/** One queue of the job queue (decision 0145): its jobs by state, and how many needed more than one try. */
export interface JobQueueStatus {
  name: string
  queued: number
  running: number
  completed: number
  failed: number
  cancelled: number
  retried: number
}

/** A job that failed for good, with the error of its last try. */
export interface JobFailure {
  id: string
  name: string
  error: string
  retries: number
  failedAt: string
}

/** What the operator's Jobs tab and `npm run jobs` show. */
export interface JobsStatus {
  queues: JobQueueStatus[]
  failures: JobFailure[]
}

export interface HealthStatus {
  status: 'ok'
}

export type ResetData =
  | { action: 'request'; email: string; captchaToken?: string }
  | { action: 'verify'; email: string; token: string }
  | { action: 'reset'; email: string; token: string; password: string }

/** What `products/lookup` answers for a scanned code: the product, and the SKU, price or weight the code names. */
export interface ProductLookup {
  product: ProductRecord
  sku?: string
  price?: number
  weight?: number
}

/** Every service path (service-paths.ts) with its types; the server declares and the web client calls by it. */
export interface ServiceMap {
  [servicePaths.health]: ServiceShape<HealthStatus, never, never, ServiceQuery, HealthStatus>
  [servicePaths.users]: ServiceShape<User, Registration, UserPatch>
  [servicePaths.usersVerify]: ServiceShape<User, { token: string }, never, ServiceQuery, never>
  [servicePaths.usersResend]: ServiceShape<{ sent: boolean }, Record<string, never>, never, ServiceQuery, never>
  /** Answers the user and a fresh token: the change ends every earlier session (decision 0067). */
  [servicePaths.usersChangePassword]: ServiceShape<
    User & { accessToken?: string },
    { oldPassword: string; password: string },
    never,
    ServiceQuery,
    never
  >
  [servicePaths.usersReset]: ServiceShape<
    { sent?: boolean; valid?: boolean; done?: boolean },
    ResetData,
    never,
    ServiceQuery,
    never
  >
  /** Two-step sign-in of the caller's own account (decision 0136). */
  [servicePaths.usersTwoStep]: ServiceShape<TwoStepAnswer, TwoStepRequest, never, ServiceQuery, never>
  /** The caller's signed-in devices; remove one, or all (`id` null: sign out everywhere). */
  [servicePaths.usersSessions]: ServiceShape<UserSession, never, never, ServiceQuery, UserSession[]>
  [servicePaths.authentication]: ServiceShape<LooseRecord>
  [servicePaths.shops]: ServiceShape<Shop, ShopData, ShopPatch>
  [servicePaths.shopStaff]: ServiceShape<ShopStaff, ShopStaffData, ShopStaffPatch>
  /** Find: the accepted members whose e-mail is not verified (decision 0138). */
  [servicePaths.shopUnverifiedStaff]: ServiceShape<LooseRecord, never, never, ServiceQuery, LooseRecord>
  [servicePaths.shopInvitations]: ServiceShape<LooseRecord, never, LooseRecord, ServiceQuery, LooseRecord[]>
  [servicePaths.subShops]: ServiceShape<ShopStaff, ShopStaffData, ShopStaffPatch>
  [servicePaths.categories]: ServiceShape<Category, CategoryData, CategoryPatch>
  [servicePaths.brands]: ServiceShape<Brand, BrandData, BrandPatch>
  [servicePaths.warehouses]: ServiceShape<Warehouse, WarehouseData, WarehousePatch>
  [servicePaths.attachments]: ServiceShape<Attachment, Partial<Attachment>, AttachmentPatch>
  [servicePaths.products]: ServiceShape<ProductRecord, ProductData, ProductPatch>
  [servicePaths.productsLookup]: ServiceShape<ProductLookup, never, never, ServiceQuery<{ code: string }>, ProductLookup>
  [servicePaths.specs]: ServiceShape<Spec>
  [servicePaths.tags]: ServiceShape<Tag>
  [servicePaths.productBundles]: ServiceShape<ProductBundle>
  [servicePaths.productRelateds]: ServiceShape<ProductRelated>
  [servicePaths.stocks]: ServiceShape<Stock, never, never>
  [servicePaths.inventories]: ServiceShape<Inventory>
  [servicePaths.inventoryLots]: ServiceShape<InventoryLot>
  [servicePaths.inventoryLogs]: ServiceShape<InventoryLog, never, never>
  // One operation, or many at once in one transaction (decision 0156).
  [servicePaths.inventoryOperations]: ServiceShape<
    InventoryOperationResult,
    InventoryOperationData | InventoryOperationData[] | StockTakeData[],
    never,
    ServiceQuery,
    never
  >
  [servicePaths.stockReservations]: ServiceShape<StockReservation>
  /** Rebuilds a shop's derived stock numbers and answers what it corrected (decision 0040). */
  [servicePaths.inventoryRebuild]: ServiceShape<LooseRecord, { shop?: string }, never, ServiceQuery, never>
  [servicePaths.banners]: ServiceShape<Banner, BannerData, BannerPatch>
  [servicePaths.pages]: ServiceShape<ShopPage, ShopPageData, ShopPagePatch>
  [servicePaths.components]: ServiceShape<Component, ComponentData, Partial<ComponentData>>
  /** One per shop: `find` answers it (or nothing before the wizard), `patch` edits it. */
  [servicePaths.themes]: ServiceShape<Theme, ThemeData, ThemePatch>
  /** Installs a template (pages, components, theme) into the shop and publishes it; create only (decision 0110). */
  [servicePaths.themeInstall]: ServiceShape<ThemeInstallResult, ThemeInstallData, never, ServiceQuery, never>
  /** `create` publishes the drafts (or restores a version into them); history by `find`; nothing is patched. */
  [servicePaths.siteVersions]: ServiceShape<SiteVersion, SiteVersionData, never>
  [servicePaths.shippingMethods]: ServiceShape<ShippingMethod, ShippingMethodData, ShippingMethodPatch>
  /** Creating one parks the merchant's own domain; only its DNS records and provider setup are patched (decision 0112). */
  [servicePaths.domains]: ServiceShape<Domain, DomainData, DomainPatch>
  /** Find `{name}`: whether the registrar sells it and for how much. */
  [servicePaths.domainAvailability]: ServiceShape<
    DomainAvailability,
    never,
    never,
    ServiceQuery<{ name: string }>,
    DomainAvailability
  >
  /** Create: buys the name and answers the new, verified domain. */
  [servicePaths.domainRegister]: ServiceShape<Domain, DomainRegisterData, never, ServiceQuery, never>
  /** Create: checks the domain's DNS now and answers it, verified or pending with the reason. */
  [servicePaths.domainVerify]: ServiceShape<Domain, DomainVerifyData, never, ServiceQuery, never>
  /** Create: sets (a verified domain) or removes (`null`) the shop's alias. */
  [servicePaths.domainAlias]: ServiceShape<DomainAliasResult, DomainAliasData, never, ServiceQuery, never>
  /** The TLS proxy's question (public): find `{domain}` answers 200 only for a host we serve. */
  [servicePaths.domainAsk]: ServiceShape<{ ok: true }, never, never, ServiceQuery<{ domain: string }>, { ok: true }>
  [servicePaths.orders]: ServiceShape<Order, OrderData, OrderPatch>
  [servicePaths.orderHistory]: ServiceShape<OrderEvent, never, never>
  [servicePaths.orderRefunds]: ServiceShape<RefundResult, RefundData, never, ServiceQuery, never>
  /** Answers the new order split off; the source's lines shrink by what moved. */
  [servicePaths.orderSplits]: ServiceShape<Order, SplitData, never, ServiceQuery, never>
  [servicePaths.payments]: ServiceShape<Payment, PaymentData, PaymentPatch>
  [servicePaths.cashboxLogs]: ServiceShape<CashCheck, CashCheckData, CashCheckPatch>
  /** Sales by local time bucket, optionally by method or category (decision 0082); find only. */
  [servicePaths.salesSummary]: ServiceShape<SalesSummary, never, never, SalesSummaryQuery, SalesSummary>
  [servicePaths.shopUsers]: ServiceShape<ShopUser, ShopUserData, ShopUserPatch>
  [servicePaths.companyUsers]: ServiceShape<CompanyUser, CompanyUserData, CompanyUserPatch>
  [servicePaths.shopRankGroups]: ServiceShape<ShopRankGroup, ShopRankGroupData, ShopRankGroupPatch>
  [servicePaths.shopRanks]: ServiceShape<ShopRank, ShopRankData, ShopRankPatch>
  [servicePaths.purchasingOrderStatuses]: ServiceShape<
    PurchasingOrderStatus,
    PurchasingOrderStatusData,
    PurchasingOrderStatusPatch
  >
  [servicePaths.bulkOrderStatuses]: ServiceShape<BulkOrderStatus, BulkOrderStatusData, BulkOrderStatusPatch>
  [servicePaths.purchasingOrders]: ServiceShape<PurchasingOrder, PurchasingOrderData, PurchasingOrderPatch>
  [servicePaths.bulkOrders]: ServiceShape<BulkOrder, BulkOrderData, BulkOrderPatch>
  [servicePaths.shopRankLogs]: ServiceShape<ShopRankLog, never, never>
  [servicePaths.subsequentAgeing]: ServiceShape<AgeingReport, never, never, AgeingQuery, AgeingReport>
  // Customers (decision 0083): merge and erase are create-only operations, the export a get.
  [servicePaths.shopUserMerge]: ServiceShape<CustomerMergeResult, CustomerMergeData, never, ServiceQuery, never>
  [servicePaths.shopUserErase]: ServiceShape<CustomerEraseResult, CustomerEraseData, never, ServiceQuery, never>
  [servicePaths.shopUserPersonalData]: ServiceShape<CustomerPersonalData, never, never, ServiceQuery, never>
  // Sub-shops roll-up (decision 0087): find only.
  [servicePaths.subShopSummary]: ServiceShape<SubShopRollupRow, never, never, SubShopRollupQuery, SubShopRollup>
  [servicePaths.subShopStocks]: ServiceShape<SubShopStockRow, never, never, SubShopStockQuery, SubShopStockPage>
  [servicePaths.discounts]: ServiceShape<Discount, DiscountData, DiscountPatch>
  [servicePaths.couponTemplates]: ServiceShape<CouponTemplate, CouponTemplateData, CouponTemplatePatch>
  [servicePaths.promotions]: ServiceShape<Promotion, PromotionData, PromotionPatch>
  // Coupons (decision 0090): issued one by one (create) or generated in batches; never edited.
  [servicePaths.coupons]: ServiceShape<Coupon, CouponData, never>
  [servicePaths.couponGenerate]: ServiceShape<CouponGenerated, CouponGenerate, never, ServiceQuery, never>
  [servicePaths.pointTypes]: ServiceShape<PointType, PointTypeData, PointTypePatch>
  [servicePaths.shopUserPoints]: ServiceShape<ShopUserPoint, never, never>
  [servicePaths.pointLogs]: ServiceShape<PointLog, never, never>
  /** Create only: answers both customers' balances afterwards. */
  [servicePaths.pointTransfers]: ServiceShape<PointTransferResult, PointTransferData, never, ServiceQuery, never>
  [servicePaths.pointAdjustments]: ServiceShape<PointAdjustmentResult, PointAdjustmentData, never, ServiceQuery, never>
  // The point of sale (decision 0094): cashier stations (no remove), the Z-report and the till's catalogue.
  [servicePaths.cashiers]: ServiceShape<Cashier, CashierData, CashierPatch>
  [servicePaths.posSummary]: ServiceShape<PosSummary, never, never, PosSummaryQuery, PosSummary>
  [servicePaths.posCatalogue]: ServiceShape<PosCatalogue, never, never, { shop: string; since?: string }, PosCatalogue>
  // Manager approval at the till (decision 0135): create only; the caller's own PIN: set/clear, and whether one is set.
  [servicePaths.posApprovals]: ServiceShape<PosApproval, PosApprovalData, never, ServiceQuery, never>
  [servicePaths.usersStaffPin]: ServiceShape<StaffPinState, StaffPinData, never, ServiceQuery, StaffPinState>
  // Plans, trial and billing (decision 0129). Plans: anyone signed in reads the active ones, operators keep them.
  [servicePaths.plans]: ServiceShape<Plan, PlanData, PlanPatch, ServiceQuery, Plan[]>
  /** One per shop: find `{shop}` answers it in a one-element list; patch changes billing info and autoRenew. */
  [servicePaths.billing]: ServiceShape<Subscription, never, SubscriptionPatch, { shop: string }, Subscription[]>
  [servicePaths.billingCheckout]: ServiceShape<BillingCheckout, BillingCheckoutData, never, ServiceQuery, never>
  [servicePaths.billingRefresh]: ServiceShape<Subscription, BillingRefreshData, never, ServiceQuery, never>
  [servicePaths.billingInvoices]: ServiceShape<BillingInvoice, never, never>
  /** find `{shop}` answers the shop's deletion; create asks for it (typed name), remove cancels it (decision 0211). */
  [servicePaths.shopDeletion]: ServiceShape<ShopDeletion, ShopDeletionData, never, { shop: string }, ShopDeletion>
  [servicePaths.operatorShops]: ServiceShape<OperatorShopRow, never, never, OperatorShopQuery>
  [servicePaths.operatorActions]: ServiceShape<OperatorAction, OperatorActionData, never>
  [servicePaths.operatorJobs]: ServiceShape<JobsStatus, never, never, ServiceQuery, JobsStatus>
  // The audit log (decision 0137): find and get only.
  [servicePaths.auditLogs]: ServiceShape<AuditLog, never, never>
  // The shop's e-mail (decisions 0147, 0148). Settings: find answers them, create saves them.
  [servicePaths.mailSettings]: ServiceShape<MailSettings, MailSettingsData, never, ServiceQuery, MailSettings>
  /** Create: checks the custom sending domain's SPF and DKIM records now. */
  [servicePaths.mailVerify]: ServiceShape<MailSettings, Record<string, never>, never, ServiceQuery, never>
  [servicePaths.mailPreview]: ServiceShape<MailPreview, MailPreviewData, never, ServiceQuery, never>
  /** Create: sends the template with the sample order to the signed-in user. */
  [servicePaths.mailTest]: ServiceShape<MailTestResult, MailPreviewData, never, ServiceQuery, never>
  [servicePaths.mailLog]: ServiceShape<MailLogEntry, never, never, MailLogQuery>
  [servicePaths.importTemplates]: ServiceShape<ImportTemplate, ImportTemplateData, ImportTemplatePatch>
  /** Create (JSON): another run over an earlier run's file; patch: `{ cancel: true }` only. */
  [servicePaths.imports]: ServiceShape<ImportRun, ImportRunData, ImportRunPatch>
  /** Patch: the merchant's moderation (status, reply). */
  [servicePaths.productComments]: ServiceShape<ProductComment, ProductCommentData, ProductCommentPatch>
  /** Find only: a range's visits per day and top sources; the storefront writes them (decision 0194). */
  [servicePaths.storeVisits]: ServiceShape<StoreVisitsReport, never, never, StoreVisitsQuery, StoreVisitsReport>
  [servicePaths.miniTopics]: ServiceShape<MiniTopic, MiniTopicData, MiniTopicPatch>
  /** The mini-program's id and whether its secret is set (decision 0204); create changes them. */
  [servicePaths.miniSettings]: ServiceShape<MiniSettings, MiniSettingsData, never, ServiceQuery, MiniSettings>
  [servicePaths.accountingXero]: ServiceShape<AccountingStatus, AccountingAction, never, ServiceQuery, AccountingStatus>
}

export type ServiceRecord<P extends ServicePath> = ServiceMap[P]['record']
export type ServiceData<P extends ServicePath> = ServiceMap[P]['data']
export type ServicePatch<P extends ServicePath> = ServiceMap[P]['patch']
export type ServiceQueryOf<P extends ServicePath> = ServiceMap[P]['query']
export type ServiceFound<P extends ServicePath> = ServiceMap[P]['found']

export type ServiceId = string | number

/** The parameters a call carries: the query, plus whatever the transport adds. */
export interface ServiceParams<Q = ServiceQuery> {
  query?: Q
  [key: string]: unknown
}

/** The five methods of one service over its shape; a path offering fewer refuses the others at run time. */
export interface ServiceMethods<S extends ServiceShape<unknown, unknown, unknown, unknown, unknown>> {
  find(params?: ServiceParams<S['query']>): Promise<S['found']>
  get(id: ServiceId, params?: ServiceParams<S['query']>): Promise<S['record']>
  create(data: S['data'], params?: ServiceParams<S['query']>): Promise<S['record']>
  patch(id: ServiceId | null, data: S['patch'], params?: ServiceParams<S['query']>): Promise<S['record']>
  remove(id: ServiceId | null, params?: ServiceParams<S['query']>): Promise<S['record']>
}

/** The map as Feathers wants it for `feathers<ServiceTypes>()`: path → service. */
export type ServiceTypes = { [P in ServicePath]: ServiceMethods<ServiceMap[P]> }

/** Paths whose `find` answers a page of records: the ones a table lists and a select field searches. */
export type ListServicePath = {
  [P in ServicePath]: [ServiceMap[P]['found']] extends [never] ? never : ServiceMap[P]['found'] extends Page<unknown> ? P : never
}[ServicePath]
