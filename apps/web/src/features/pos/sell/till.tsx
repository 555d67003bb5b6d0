import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Box, Button, IconButton, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DialpadIcon from '@mui/icons-material/Dialpad'
import { shopTimeZone } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../../lib/notify'
import { usePhone } from '../../../lib/phone'
import { listenForScans } from '../../../lib/pos-hardware/scanner'
import { reasonValues } from '../../../lib/pricing-reasons'
import { useCurrentShop, useCurrentShopId } from '../../../lib/shop'
import { useOpenDrawer } from '../dialogs/pos-dialogs'
import { ManagerApprovalHost } from '../dialogs/manager-approval-dialog'
import { AgeCheckHost } from '../dialogs/age-check'
import { useStation, useStationPageOptions } from '../station/station'
import { BundleOfferDialog, useBundleOffer } from './bundle-offer'
import { CartPanel } from './cart-panel'
import { hasUnsaved, payProblem, quantityProblem, type CartState } from './cart-store'
import { useCatalogue } from './catalogue'
import { displayOf, offersCustomerScreen, useDisplayFeed } from './display'
import { useDrawerOpen } from './drawer-state'
import { useHeldOrders } from './held-orders'
import { useKeptOpenOrder } from './open-order'
import { LeaveDialog, useTillLeaveGuard } from './leave-guard'
import { PayDialog } from './pay-dialog'
import { GatewayWaitDialog, tillGateways } from './gateway-pay'
import { ConfirmDialog, HeldDialog, ScanHistoryDialog, SkuDialog, useText } from './pick-dialogs'
import { pickableRules, priceCart } from './pricing'
import { ProductGrid } from './product-grid'
import { StationDialogs, type StationDialog } from './station-dialogs'
import { TillHeader, useServingSwitch } from './till-header'
import { useRules } from './rules'
import { TillMenu, useTillKeys, type TillAction } from './toolbar'
import { useFontScale } from './font-scale'
import { entryValue, pressKey, type EntryKind, type NumpadKey } from './numpad-entry'
import { Numpad, SideKey } from './numpad'
import { manualDiscount, manualFits, overrideProblem, withManual, type Overrides } from './price-override'
import { settle } from './tender'
import { DevicesDialog, useStationDevices } from './devices-dialog'
import { useCheckout } from './use-checkout'
import { newClientId, useTill } from './use-till'
import { WeightDialog } from './weight-dialog'

/** Full screen without the drawer (spec §2.3); the station puts the cashier in the title. */
const PAGE_OPTIONS = { fullPage: true, noDrawer: true, noSelect: true }

type DialogName = 'pay' | 'clear' | 'held' | 'history' | 'devices' | StationDialog | null
type PadMode = 'qty' | 'price'
/** What a phone shows of the counter: one pane at a time (decision 0161). */
type PhoneView = 'products' | 'cart'

/** The last sale's change, shown large on the counter until the next order's first line. */
interface ShownChange {
  total: number
  received: number
  change: number
}

const NO_OVERRIDES: Overrides = {}

/** The numpad opens by itself where there is room for it beside a few lines (a desktop, not a 768 px tablet). */
const roomForPad = () => typeof window === 'undefined' || window.innerHeight >= 860

/**
 * The selling screen (spec §2.13, §4.8; decisions 0098, 0143): the product grid on the left, the order on the
 * right with the numpad and one large charge key under it; the rest in the "More" menu. On a phone
 * (decision 0161) the grid and the order take the whole width in turn, switched by two large keys at the
 * bottom, the order's key showing its count and total.
 */
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
      autoNewOrder: cashier?.autoNewOrder === true,
      ageCheck: shop?.ageRestricted === true
    }),
    [shop?.useCashboxLog, drawer.data, cashier?.autoNewOrder, shop?.ageRestricted]
  )
  const till = useTill(catalogue.index, shop?.barcodeLayouts, context)
  const { cart, dispatch } = till
  const held = useHeldOrders(cashier?._id ?? 'default')
  // The open order survives a reload on this station (decision 0159).
  useKeptOpenOrder(cashier?._id ?? 'default', cart, (state) => dispatch({ type: 'resume', state }))
  const [dialog, setDialog] = useState<DialogName>(null)
  const clearSearch = useRef<(() => void) | null>(null)
  const [showProducts, setShowProducts] = useState(true)
  const phone = usePhone()
  const [phoneView, setPhoneView] = useState<PhoneView>('products')
  const searchRef = useRef<HTMLInputElement>(null)
  const [searchHost, setSearchHost] = useState<HTMLElement | null>(null)
  const openDrawer = useOpenDrawer()
  const checkout = useCheckout({ shop, cashier, text, onRefusedCashCheck: () => void drawer.refetch() })
  const fontScale = useFontScale()
  const servingSwitch = useServingSwitch()

  // The font scale (spec §9.7) on the page's root: every rem-sized text of the till and its dialogs follows.
  const fontPercent = station.fontPercent
  useLayoutEffect(() => {
    const root = document.documentElement
    const before = root.style.fontSize
    root.style.fontSize = `${fontPercent}%`
    return () => {
      root.style.fontSize = before
    }
  }, [fontPercent])

  // Prices typed on the numpad, per order (its client id) and line id: a manual discount (decision 0143).
  const [typedPrices, setTypedPrices] = useState<Record<string, Overrides>>({})
  const overridesOf = useCallback((state: CartState) => typedPrices[state.clientId] ?? NO_OVERRIDES, [typedPrices])
  const overrides = overridesOf(cart)

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
  const manual = useMemo(() => manualDiscount(cart.lines, overrides), [cart.lines, overrides])
  /** What will be charged: the rules' price with the typed prices taken off, rounded as the server will. */
  const charged = useMemo(() => withManual(pricing, manual, shop), [pricing, manual, shop])
  const total = charged?.total ?? 0
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
  const bundleOffer = useBundleOffer(cart, bundles, shop?.bundlePopup)

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

  // The change of the last sale stays large until the next order's first line.
  const [shownChange, setShownChange] = useState<ShownChange | null>(null)
  // (Put aside while rendering, as React's "adjusting state when a prop changes": no second commit.)
  if (cart.lines.length > 0 && shownChange) setShownChange(null)

  // The numpad: a mode, what is typed, and the line it is for (the one tapped, else the last one). On a
  // phone it steps aside while the last sale's change shows (it has no line to key for then), so the
  // change stands whole; it is back with the next order's first line.
  const [padOpen, setPadOpen] = useState(roomForPad)
  const [padMode, setPadMode] = useState<PadMode>('qty')
  const [entry, setEntry] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const selectedIndex = selected ? cart.lines.findIndex((line) => line.id === selected) : -1
  const targetIndex = selectedIndex >= 0 ? selectedIndex : cart.lines.length - 1
  const target = targetIndex >= 0 ? cart.lines[targetIndex] : null
  const entryKind: EntryKind = padMode === 'price' ? 'money' : target?.weighted ? 'weight' : 'units'
  const selectLine = useCallback((id: string) => {
    setSelected((current) => (current === id ? null : id))
    setEntry('')
    setPadOpen(true)
  }, [])
  const pressPad = (key: NumpadKey) => {
    const next = pressKey(entry, key, entryKind)
    if (next !== null) setEntry(next)
  }
  const enterPad = () => {
    if (!target) return notifyError(t('pos.sell.numpad.pickLine'))
    const value = entryValue(entry, entryKind)
    if (value === null) return notifyError(t('format.invalid'))
    if (padMode === 'qty') {
      const problem = quantityProblem(target, value)
      if (problem) return notifyError(tAny(problem.key, problem.values))
      dispatch({ type: 'quantity', index: targetIndex, quantity: value })
    } else {
      const problem = overrideProblem(target, value)
      if (problem) return notifyError(t(problem))
      const { [target.id]: _previous, ...rest } = overrides
      const next = value === target.price ? rest : { ...rest, [target.id]: value }
      // Within what the rules left of the order, as the server checks; its budget rules stay the server's.
      if (!manualFits(pricing, manualDiscount(cart.lines, next))) return notifyError(t('pos.sell.overrideTooLarge'))
      setTypedPrices((all) => ({ ...all, [cart.clientId]: next }))
    }
    setEntry('')
  }

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
        charged,
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
    [cart, charged, paid, suggestions]
  )
  // The customer-facing second screen (shop switch multiscreen, decision 0196): off, nothing is fed to it.
  const multiscreen = offersCustomerScreen(shop)
  useDisplayFeed(cashier?._id ?? null, display, multiscreen)
  const openCustomerScreen = () => {
    const query = cashier?._id ? `?cashier=${encodeURIComponent(cashier._id)}` : ''
    const opened = window.open(`/${shopId}/posScreen${query}`, 'emporia-customer-screen', 'popup')
    if (!opened) notifyError(t('pos.screen.blocked'))
  }

  const startPay = () => {
    const problem = payProblem(cart, context)
    if (problem) return notifyError(tAny(problem))
    setDialog('pay')
  }
  const newOrder = () => {
    if (context.needsCashCheck) return notifyError(t('pos.requiresCashCheck'))
    if (hasUnsaved(cart)) hold()
    dispatch({ type: 'new', clientId: newClientId() })
    setPhoneView('products')
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
  const fullScreen = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => undefined
    )

  const anyDialog = dialog !== null || till.asking !== null || leave.asking || bundleOffer.offer !== null
  const actions: TillAction[] = [
    { id: 'new-order', label: 'pos.sell.newOrder', onClick: newOrder, keyName: 'F2', main: true },
    { id: 'pay', label: 'pos.sell.pay', onClick: startPay, keyName: 'F9', main: true },
    { id: 'member', label: 'pos.sell.member', onClick: () => setDialog('member'), keyName: 'F7', main: true },
    { id: 'hold-order', label: 'pos.sell.holdOrder', onClick: hold, keyName: 'F4', disabled: !cart.lines.length },
    {
      id: 'held-orders',
      label: 'pos.sell.heldOrders',
      onClick: () => setDialog('held'),
      keyName: 'F6',
      badge: held.held.length || undefined
    },
    {
      id: 'clear-order',
      label: 'pos.sell.clearOrder',
      onClick: () => cart.lines.length && setDialog('clear'),
      keyName: 'F8',
      disabled: !cart.lines.length
    },
    { id: 'clone-order', label: 'pos.sell.cloneOrder', onClick: clone, disabled: !checkout.last },
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
    { id: 'staff', label: 'pos.sell.staff', onClick: () => setDialog('staff') },
    { id: 'switch-cashier', label: 'posApproval.switchCashier', onClick: servingSwitch.switchCashier },
    ...(servingSwitch.serving
      ? [
          {
            id: 'switch-back',
            label: 'posApproval.switchCashier',
            text: servingSwitch.backLabel,
            onClick: servingSwitch.switchBack
          } as TillAction
        ]
      : []),
    { id: 'scan-history', label: 'pos.sell.scanHistory', onClick: () => setDialog('history') },
    { id: 'devices', label: 'pos.sell.devices', onClick: () => setDialog('devices') },
    ...(multiscreen && shopId
      ? [{ id: 'customer-screen', label: 'pos.screen.open', onClick: openCustomerScreen } as TillAction]
      : []),
    {
      id: 'font-scale',
      label: 'pos.sell.fontScale',
      text: fontScale.text,
      onClick: fontScale.open,
      disabled: fontScale.disabled
    },
    {
      id: 'toggle-products',
      label: 'pos.sell.toggleProducts',
      onClick: () =>
        phone ? setPhoneView((view) => (view === 'products' ? 'cart' : 'products')) : setShowProducts((shown) => !shown)
    },
    { id: 'full-screen', label: 'pos.sell.fullScreen', onClick: fullScreen }
  ].map((action) => ({ ...action, disabled: action.disabled || anyDialog }) as TillAction)
  useTillKeys(actions)
  const actionOf = (id: string) => actions.find((action) => action.id === id)!

  const padTitle = target
    ? t('pos.sell.numpad.for', {
        mode: t(padMode === 'qty' ? 'pos.sell.numpad.qty' : 'pos.sell.numpad.price'),
        name: text(target.name)
      })
    : t('pos.sell.numpad.pickLine')

  return (
    <Box
      data-testid="pos-page"
      // The drawer as the till knows it (open / closed / unknown while loading or without a cashbox log).
      data-drawer={drawer.data === undefined ? 'unknown' : drawer.data ? 'open' : 'closed'}
      data-catalogue={catalogue.index ? catalogue.index.size : 'none'}
      data-font-percent={Math.round(fontPercent)}
      // Fixed to the screen: the counter never scrolls as a page, whatever the station mounts beside it.
      sx={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <TillHeader cashier={cashier} onSetup={station.openSetup} searchSlot={setSearchHost} phone={phone}>
        {phone ? (
          <Button
            variant="outlined"
            aria-label={t('pos.sell.newOrder')}
            onClick={actionOf('new-order').onClick}
            disabled={actionOf('new-order').disabled}
            data-testid="pos-new-order"
            sx={{ minHeight: 48, minWidth: 48, px: 1, flexShrink: 0 }}
          >
            <AddIcon />
          </Button>
        ) : (
          <Button
            variant="outlined"
            size="large"
            startIcon={<AddIcon />}
            onClick={actionOf('new-order').onClick}
            disabled={actionOf('new-order').disabled}
            data-testid="pos-new-order"
            sx={{ minHeight: 48, whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('pos.sell.newOrder')}
            <Typography component="span" variant="caption" sx={{ ml: 1, opacity: 0.7 }}>
              F2
            </Typography>
          </Button>
        )}
        <TillMenu actions={actions} iconOnly={phone} />
      </TillHeader>
      <Box
        sx={{
          flex: 1,
          display: 'grid',
          gridTemplateColumns: phone ? 'minmax(0, 1fr)' : showProducts ? 'minmax(0, 1fr) minmax(380px, 40%)' : 'minmax(0, 720px)',
          justifyContent: showProducts || phone ? undefined : 'center',
          gap: 1,
          p: phone ? 0.5 : 1,
          minHeight: 0,
          // A phone shows one pane; the other keeps its state (the search typed, the list's place) unseen.
          '& > [data-hidden="true"]': { display: 'none' }
        }}
      >
        {(showProducts || phone) && (
          <Paper variant="outlined" sx={{ p: 1, minHeight: 0 }} data-hidden={phone && phoneView !== 'products'}>
            <ProductGrid
              index={catalogue.index}
              loading={catalogue.loading}
              failed={Boolean(catalogue.error)}
              searchRef={searchRef}
              clearRef={clearSearch}
              onPick={till.pick}
              onCode={till.scan}
              scale={fontPercent / 100}
              searchHost={phone ? null : searchHost}
            />
          </Paper>
        )}
        <Paper variant="outlined" sx={{ minHeight: 0, overflow: 'hidden' }} data-hidden={phone && phoneView !== 'cart'}>
          <CartPanel
            cart={cart}
            pricing={charged}
            overrides={overrides}
            selected={selectedIndex >= 0 ? selected : null}
            onSelect={selectLine}
            suggestions={suggestions}
            bundles={bundles}
            dispatch={dispatch}
            padLine={targetIndex}
            padOpen={padOpen}
            onMember={actionOf('member').onClick}
            memberDisabled={Boolean(actionOf('member').disabled)}
            idle={
              shownChange ? (
                <LastChange
                  change={shownChange}
                  canPrint={!actionOf('print').disabled}
                  onPrint={actionOf('print').onClick}
                  hint={cart.open ? t('pos.sell.nextOrderHint') : t('pos.sell.noOrder')}
                />
              ) : undefined
            }
          >
            {padOpen && !(phone && shownChange) && (
              <Box data-testid="pos-pad-panel">
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 0.5, pb: 0.5 }}>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    noWrap
                    sx={{ flex: 1, minWidth: 0 }}
                    data-testid="pos-pad-title"
                  >
                    {padTitle}
                  </Typography>
                  <Typography variant="h6" data-testid="pos-pad-entry" sx={{ minWidth: 64, textAlign: 'right' }}>
                    {entry || '\u00a0'}
                  </Typography>
                </Box>
                <Numpad
                  testId="pos-pad"
                  disabled={!target || anyDialog}
                  onKey={pressPad}
                  side={[
                    <SideKey
                      key="qty"
                      label={t('pos.sell.numpad.qty')}
                      active={padMode === 'qty'}
                      testId="pos-pad-qty"
                      onClick={() => (setPadMode('qty'), setEntry(''))}
                    />,
                    <SideKey
                      key="price"
                      label={t('pos.sell.numpad.price')}
                      active={padMode === 'price'}
                      testId="pos-pad-price"
                      onClick={() => (setPadMode('price'), setEntry(''))}
                    />,
                    <SideKey
                      key="enter"
                      label={t('pos.sell.numpad.enter')}
                      primary
                      disabled={!target || !entry || anyDialog}
                      testId="pos-pad-enter"
                      onClick={enterPad}
                    />
                  ]}
                />
              </Box>
            )}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <IconButton
                aria-label={t('pos.sell.numpad')}
                aria-pressed={padOpen}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setPadOpen((open) => !open)}
                data-testid="pos-pad-toggle"
                color={padOpen ? 'primary' : 'default'}
                sx={{ width: 64, height: 64, border: 1, borderColor: 'divider', borderRadius: 1 }}
              >
                <DialpadIcon />
              </IconButton>
              <Button
                variant="contained"
                size="large"
                onClick={actionOf('pay').onClick}
                disabled={actionOf('pay').disabled}
                data-testid="pos-pay"
                sx={{ flex: 1, minHeight: 64, fontSize: '1.35em', fontWeight: 700, textTransform: 'none' }}
              >
                {t('pos.sell.charge', { amount: formatMoney(total) })}
                <Typography component="span" variant="caption" sx={{ ml: 1.5, opacity: 0.8 }}>
                  F9
                </Typography>
              </Button>
            </Box>
          </CartPanel>
        </Paper>
      </Box>
      {phone && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={phoneView}
          onChange={(_, view: PhoneView | null) => view && setPhoneView(view)}
          aria-label={t('pos.sell.views')}
          data-testid="pos-views"
          sx={{ px: 0.5, pb: 0.5, '& .MuiToggleButton-root': { minHeight: 52, textTransform: 'none', fontSize: '1em' } }}
        >
          <ToggleButton value="products" data-testid="pos-view-products">
            {t('pos.sell.viewProducts')}
          </ToggleButton>
          <ToggleButton value="cart" data-testid="pos-view-cart" sx={{ fontWeight: 700 }}>
            {t('pos.sell.viewOrder', { count: cart.lines.length, amount: formatMoney(total) })}
          </ToggleButton>
        </ToggleButtonGroup>
      )}

      <PayDialog
        key={dialog === 'pay' ? `pay-${cart.clientId}` : 'pay'}
        open={dialog === 'pay'}
        total={total}
        extraMethods={(shop?.posExtraPaymentMethods ?? []).map((m) => m.name)}
        gatewayMethods={tillGateways(shop)}
        busy={checkout.busy}
        onClose={() => setDialog(null)}
        onConfirm={(tenders) =>
          void checkout.pay(cart, total, tenders, manual).then((done) => {
            if (!done) return
            const settled = settle(total, tenders)
            setShownChange({ total, received: settled.received, change: settled.change })
            setDialog(null)
            setSelected(null)
            setEntry('')
            dispatch(cashier?.autoNewOrder ? { type: 'new', clientId: newClientId() } : { type: 'paid' })
          })
        }
      />
      <GatewayWaitDialog waiting={checkout.gateway.waiting} onCancel={checkout.gateway.cancel} />
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
        totalOf={(order) =>
          withManual(pricingOf(order.state), manualDiscount(order.state.lines, overridesOf(order.state)), shop)?.total ?? 0
        }
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
      <BundleOfferDialog offer={bundleOffer.offer} dispatch={dispatch} onClose={bundleOffer.close} />
      {fontScale.dialog}
      <LeaveDialog open={leave.asking} onAnswer={leave.answer} />
      <ManagerApprovalHost />
      <AgeCheckHost />
    </Box>
  )
}

/** The last sale's change, large, with its receipt a key away (decision 0143). */
const LastChange = (props: { change: ShownChange; canPrint: boolean; onPrint: () => void; hint: string }) => {
  const { t } = useListT()
  return (
    <Box
      data-testid="pos-last-change"
      sx={{ p: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}
    >
      <Typography variant="h5">{t('pos.sell.change')}</Typography>
      <Typography variant="h2" color="success.main" sx={{ fontWeight: 700 }} data-testid="pos-last-change-amount">
        {formatMoney(props.change.change)}
      </Typography>
      <Typography color="text.secondary">
        {t('pos.sell.lastSale', { total: formatMoney(props.change.total), received: formatMoney(props.change.received) })}
      </Typography>
      <Button
        variant="outlined"
        disabled={!props.canPrint}
        onClick={props.onPrint}
        data-testid="pos-last-print"
        sx={{ minHeight: 48 }}
      >
        {t('pos.sell.print')} (F10)
      </Button>
      <Typography variant="body2" color="text.secondary" data-testid="pos-empty-cart">
        {props.hint}
      </Typography>
    </Box>
  )
}
