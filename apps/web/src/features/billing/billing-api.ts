import { useEffect } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  servicePaths,
  type BillingCheckout,
  type BillingCheckoutData,
  type BillingInvoice,
  type Plan,
  type Subscription,
  type SubscriptionPatch
} from '@emporia/shared'
import { rowsOf, shopApi, typedService, type Row } from '../../lib/resource-client'
import { getCurrentShopId, shopsKey, useCurrentShopId } from '../../lib/shop'

// The billing screens' calls (ARCHITECTURE §2: one place per operation); components never name a service.

const currentShop = () => getCurrentShopId() ?? ''

/** The active plans, cheapest first: the platform's, the same for every shop. */
export const loadPlans = async (): Promise<Plan[]> => rowsOf(await (await typedService(servicePaths.plans)).find({ query: {} }))

/** The shop's subscription; null when the server has none for it. */
export const loadSubscription = async (): Promise<Subscription | null> => (await shopApi(servicePaths.billing).find())[0] ?? null

export const saveSubscription = (id: string, patch: SubscriptionPatch) => shopApi(servicePaths.billing).patch(id, patch)

/** What the checkout answers: the charge, its amount and what Stripe.js needs to pay it (decision 0130). */
export type CheckoutAnswer = BillingCheckout

export const startCheckout = async (data: Omit<BillingCheckoutData, 'shop'>): Promise<CheckoutAnswer> =>
  shopApi(servicePaths.billingCheckout).create({ ...data, shop: currentShop() })

/** Re-reads pending charges from the card provider and answers the subscription as it now is. */
export const refreshSubscription = () => shopApi(servicePaths.billingRefresh).create({ shop: currentShop() })

export const loadInvoices = async (): Promise<BillingInvoice[]> =>
  rowsOf(await shopApi(servicePaths.billingInvoices).find({ $sort: { paidAt: -1 }, $limit: 100 }))

export const loadInvoice = async (id: string): Promise<BillingInvoice | null> => {
  try {
    return await shopApi(servicePaths.billingInvoices).get(id)
  } catch (error) {
    if ((error as { code?: number }).code === 404) return null
    throw error
  }
}

export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  subscription: (shop: string | undefined) => ['billing', 'subscription', shop] as const,
  invoices: (shop: string | undefined) => ['billing', 'invoices', shop] as const,
  invoice: (shop: string | undefined, id: string | undefined) => ['billing', 'invoice', shop, id] as const
}

// Plans change when the operator edits them: a few minutes old is fine for a comparison.
const PLANS_STALE_MS = 5 * 60_000

export const usePlans = (enabled = true) =>
  useQuery({ queryKey: billingKeys.plans, queryFn: loadPlans, enabled, staleTime: PLANS_STALE_MS })

export const useSubscription = () => {
  const shop = useCurrentShopId()
  const queryClient = useQueryClient()
  // The server announces a payment, a decline or a booked change to the shop's admins (decision 0130):
  // a webhook that lands after the page has moved on still shows.
  useEffect(() => {
    if (!shop) return
    let stop: (() => void) | undefined
    let gone = false
    // The event carries the subscription as the service answers it.
    const heard = (data: Row) => {
      if (data.shop === shop) showSubscription(queryClient, data as unknown as Subscription)
    }
    void typedService(servicePaths.billing).then((service) => {
      if (gone) return
      service.on('patched', heard)
      stop = () => service.removeListener('patched', heard)
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [shop, queryClient])
  return useQuery({ queryKey: billingKeys.subscription(shop), queryFn: loadSubscription, enabled: Boolean(shop) })
}

export const useInvoices = () => {
  const shop = useCurrentShopId()
  return useQuery({ queryKey: billingKeys.invoices(shop), queryFn: loadInvoices, enabled: Boolean(shop) })
}

export const useBillingInvoice = (id: string | undefined) => {
  const shop = useCurrentShopId()
  return useQuery({
    queryKey: billingKeys.invoice(shop, id),
    queryFn: () => loadInvoice(id!),
    enabled: Boolean(shop && id),
    retry: false
  })
}

/**
 * A subscription the server answered (a payment, a refresh, a patch) is shown at once; the shop's own
 * record (its features, the drawer's plan status) and the invoices are read again.
 */
export const showSubscription = (queryClient: QueryClient, subscription: Subscription) => {
  queryClient.setQueryData(billingKeys.subscription(subscription.shop), subscription)
  void queryClient.invalidateQueries({ queryKey: shopsKey })
  void queryClient.invalidateQueries({ queryKey: billingKeys.invoices(subscription.shop) })
}
