import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Box, Paper } from '@mui/material'
import { shopTimeZone } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../../lib/notify'
import { listenForScans } from '../../../lib/pos-hardware/scanner'
import { reasonValues } from '../../../lib/pricing-reasons'
import { useCurrentShop, useCurrentShopId } from '../../../lib/shop'
import { useOpenDrawer } from '../dialogs/pos-dialogs'
import { ManagerApprovalHost } from '../dialogs/manager-approval-dialog'
import { useStation, useStationPageOptions } from '../station/station'
import { CartPanel } from './cart-panel'
import { hasUnsaved, payProblem, type CartState } from './cart-store'
import { useCatalogue } from './catalogue'
import { displayOf, useDisplayFeed } from './display'
import { useDrawerOpen } from './drawer-state'
import { useHeldOrders } from './held-orders'
import { LeaveDialog, useTillLeaveGuard } from './leave-guard'
import { PayDialog } from './pay-dialog'
import { ConfirmDialog, HeldDialog, ScanHistoryDialog, SkuDialog, useText } from './pick-dialogs'
import { pickableRules, priceCart } from './pricing'
import { ProductGrid } from './product-grid'
import { StationDialogs, type StationDialog } from './station-dialogs'
import { TillHeader } from './till-header'
import { useRules } from './rules'
import { TillToolbar, type TillAction } from './toolbar'
import { FontScaleButton } from './font-scale'
import { DevicesDialog, useStationDevices } from './devices-dialog'
import { useCheckout } from './use-checkout'
import { newClientId, useTill } from './use-till'
import { WeightDialog } from './weight-dialog'

/** Full screen without the drawer (spec §2.3); the station puts the cashier in the title. */
const PAGE_OPTIONS = { fullPage: true, noDrawer: true, noSelect: true }

type DialogName = 'pay' | 'clear' | 'held' | 'history' | 'devices' | StationDialog | null

/** The selling screen (spec §2.13, §4.8; decision 0098): catalogue on the left, the order on the right. */
export const Till = () => {
  const { t, tAny } = useListT()
  const text = useText()
  const station = useStation()
  useStationPageOptions(PAGE_OPTIONS)
  useStationDevices(station.cashier)
  const cashier = station.cashier
  const shopId = useCurrentShopId()
  const shop = useCurrentShop(Boolean(shopId))
  const catalogue = useCatalogue(shopId)
  const rules = useRules(shopId)
  const drawer = useDrawerOpen(shop?.useCashboxLog === true, shopId, cashier?._id ?? null)
  const context = useMemo(
    () => ({
      needsCashCheck: shop?.useCashboxLog === true && drawer.data === false,
      autoNewOrder: cashier?.autoNewOrder === true
    }),
    [shop?.useCashboxLog, drawer.data, cashier?.autoNewOrder]
  )
  const till = useTill(catalogue.index, shop?.barcodeLayouts, context)
  const { cart, dispatch } = till
  const held = useHeldOrders(cashier?._id ?? 'default')
  const [dialog, setDialog] = useState<DialogName>(null)
  const clearSearch = useRef<(() => void) | null>(null)
  const [showProducts, setShowProducts] = useState(true)
  const searchRef = useRef<HTMLInputElement>(null)
  const openDrawer = useOpenDrawer()
  const checkout = useCheckout({ shop, cashier, text, onRefusedCashCheck: () => void drawer.refetch() })

  const pricingOf = (state: CartState) =>
    priceCart(state, {
      rules: rules.data ?? [],
      rounding: shop,
      facts: (id) => catalogue.index?.get(id) ?? till.looked.get(id),
      now: new Date().toISOString(),
      timeZone: shopTimeZone(shop)
    })
  const pricing = useMemo(
    () => (cart.lines.length ? pricingOf(cart) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- priced again when the order, the rules or the shop change
    [cart, rules.data, shop, catalogue.index, till.looked]
  )
  const suggestions = useMemo(
    () =>
      (pricing?.evaluation.suggestions ?? []).map((s) =>
        tAny(
          s.message.key,
          reasonValues(s.message, (cents) => formatMoney(cents))
        )
      ),
    [pricing, tAny]
  )
  const bundles = useMemo(() => pickableRules(rules.data ?? []), [rules.data])

  // Scans from the keyboard wedge: anywhere on the page, except typing in a field other than the search box.
  const scanRef = useRef(till.scan)
  useLayoutEffect(() => {
    scanRef.current = till.scan
  })
  useEffect(
    () =>
      listenForScans(window, (code) => {
        clearSearch.current?.()
        scanRef.current(code)
      }),
    []
  )

  const hold = () => {
    if (!cart.lines.length) return
    held.hold({ id: cart.clientId || newClientId(), at: new Date().toISOString(), state: cart })
    dispatch({ type: 'paid' })
    notifySuccess(t('pos.sell.held'))
  }
  const leave = useTillLeaveGuard(hasUnsaved(cart), hold)

  const paid = checkout.last
  const display = useMemo(
    () =>
      displayOf(
        cart,
        pricing,
        paid && {
          total: paid.total,
          received: paid.payments.find((p) => p.method === 'cash')?.received ?? paid.total - paid.change,
          change: paid.change
        },
        suggestions,
        text,
        new Date().toISOString()
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the display follows the order, its price and the last sale
    [cart, pricing, paid, suggestions]
  )
  useDisplayFeed(cashier?._id ?? null, display)

  const startPay = () => {
    const problem = payProblem(cart, context)
    if (problem) return notifyError(tAny(problem))
    setDialog('pay')
  }
  const newOrder = () => {
    if (context.needsCashCheck) return notifyError(t('pos.requiresCashCheck'))
    if (hasUnsaved(cart)) hold()
    dispatch({ type: 'new', clientId: newClientId() })
  }
  const clone = () => {
    const source = checkout.last?.state
    if (!source) return notifyError(t('pos.sell.cloneNone'))
    if (hasUnsaved(cart)) hold()
    dispatch({ type: 'clone', clientId: newClientId(), lines: source.lines.map(({ id: _id, ...line }) => line) })
  }
  const resume = (id: string) => {
    if (hasUnsaved(cart)) hold()
    const order = held.take(id)
    if (order) dispatch({ type: 'resume', state: order.state })
    setDialog(null)
  }

  const anyDialog = dialog !== null || till.asking !== null || leave.asking
  const actions: TillAction[] = [
    { id: 'new-order', label: 'pos.sell.newOrder', onClick: newOrder, keyName: 'F2' },
    {
      id: 'clear-order',
      label: 'pos.sell.clearOrder',
      onClick: () => cart.lines.length && setDialog('clear'),
      keyName: 'F8',
      disabled: !cart.lines.length
    },
    { id: 'clone-order', label: 'pos.sell.cloneOrder', onClick: clone, disabled: !checkout.last },
    { id: 'hold-order', label: 'pos.sell.holdOrder', onClick: hold, keyName: 'F4', disabled: !cart.lines.length },
    {
      id: 'held-orders',
      label: 'pos.sell.heldOrders',
      onClick: () => setDialog('held'),
      keyName: 'F6',
      badge: held.held.length || undefined
    },
    { id: 'pay', label: 'pos.sell.pay', onClick: startPay, keyName: 'F9', primary: true },
    {
      id: 'print',
      label: 'pos.sell.print',
      onClick: () => void checkout.print(),
      keyName: 'F10',
      disabled: !checkout.last?.order
    },
    { id: 'refund', label: 'pos.sell.refund', onClick: () => setDialog('refund') },
    { id: 'open-drawer', label: 'pos.sell.openDrawer', onClick: () => void openDrawer() },
    { id: 'cash-check', label: 'pos.sell.cashCheck', onClick: () => setDialog('cashCheck') },
    { id: 'report', label: 'pos.sell.report', onClick: () => setDialog('report') },
    { id: 'member', label: 'pos.sell.member', onClick: () => setDialog('member'), keyName: 'F7' },
    { id: 'staff', label: 'pos.sell.staff', onClick: () => setDialog('staff') },
    { id: 'scan-history', label: 'pos.sell.scanHistory', onClick: () => setDialog('history') },
    { id: 'devices', label: 'pos.sell.devices', onClick: () => setDialog('devices') },
    { id: 'toggle-products', label: 'pos.sell.toggleProducts', onClick: () => setShowProducts((shown) => !shown) },
    {
      id: 'full-screen',
      label: 'pos.sell.fullScreen',
      onClick: () =>
        void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
          () => undefined
        )
    }
  ].map((action) => ({ ...action, disabled: action.disabled || anyDialog }) as TillAction)

  return (
    <Box
      data-testid="pos-page"
      // The drawer as the till knows it (open / closed / unknown while loading or without a cashbox log).
      data-drawer={drawer.data === undefined ? 'unknown' : drawer.data ? 'open' : 'closed'}
      data-catalogue={catalogue.index ? catalogue.index.size : 'none'}
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        fontSize: `${station.fontPercent}%`
      }}
    >
      <TillHeader cashier={cashier} cart={cart} onSetup={station.openSetup} />
      <TillToolbar actions={actions} extra={<FontScaleButton />} />
      <Box
        sx={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: showProducts ? 'minmax(0, 3fr) minmax(320px, 2fr)' : '1fr',
          gap: 1,
          p: 1,
          minHeight: 0
        }}
      >
        {showProducts && (
          <Paper variant="outlined" sx={{ p: 1, minHeight: 0 }}>
            <ProductGrid
              index={catalogue.index}
              loading={catalogue.loading}
              failed={Boolean(catalogue.error)}
              searchRef={searchRef}
              clearRef={clearSearch}
              onPick={till.pick}
              onCode={till.scan}
            />
          </Paper>
        )}
        <Paper variant="outlined" sx={{ minHeight: 0 }}>
          <CartPanel cart={cart} pricing={pricing} suggestions={suggestions} bundles={bundles} dispatch={dispatch} />
        </Paper>
      </Box>

      <PayDialog
        key={dialog === 'pay' ? `pay-${cart.clientId}` : 'pay'}
        open={dialog === 'pay'}
        total={pricing?.total ?? 0}
        extraMethods={(shop?.posExtraPaymentMethods ?? []).map((m) => m.name)}
        busy={checkout.busy}
        onClose={() => setDialog(null)}
        onConfirm={(tenders) =>
          void checkout.pay(cart, pricing?.total ?? 0, tenders).then((done) => {
            if (!done) return
            setDialog(null)
            dispatch(cashier?.autoNewOrder ? { type: 'new', clientId: newClientId() } : { type: 'paid' })
          })
        }
      />
      <SkuDialog
        product={till.asking?.kind === 'sku' ? till.asking.product : null}
        onPick={(sku) => till.asking && till.answerSku(till.asking.product, sku)}
        onClose={() => till.setAsking(null)}
      />
      <WeightDialog
        key={till.asking?.kind === 'weight' ? till.asking.product._id : 'weight'}
        product={till.asking?.kind === 'weight' ? till.asking.product : null}
        onWeight={(quantity) =>
          till.asking?.kind === 'weight' && till.answerWeight(till.asking.product, till.asking.sku, quantity)
        }
        onClose={() => till.setAsking(null)}
      />
      <ConfirmDialog
        open={dialog === 'clear'}
        text={t('pos.sell.clearConfirm')}
        onClose={() => setDialog(null)}
        onConfirm={() => (dispatch({ type: 'clear' }), setDialog(null))}
      />
      <HeldDialog
        open={dialog === 'held'}
        held={held.held}
        totalOf={(order) => pricingOf(order.state).total}
        onResume={resume}
        onClose={() => setDialog(null)}
      />
      <ScanHistoryDialog open={dialog === 'history'} history={till.history} onClose={() => setDialog(null)} />
      <StationDialogs
        open={dialog}
        onClose={() => setDialog(null)}
        lastOrder={checkout.last?.order?._id ?? null}
        onCounted={() => void drawer.refetch()}
        dispatch={dispatch}
      />
      <DevicesDialog open={dialog === 'devices'} onClose={() => setDialog(null)} />
      <LeaveDialog open={leave.asking} onAnswer={leave.answer} />
      <ManagerApprovalHost />
    </Box>
  )
}
