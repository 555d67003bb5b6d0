import { useCallback, useMemo, useState, type ReactNode } from 'react'
import { Box } from '@mui/material'
import { fontScalePercent, remoteFontScalePercent, type Cashier, type PosAccessType, type Shop } from '@emporia/shared'
import { useSession } from '../../../lib/auth'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { usePageOptions, type PageOptions } from '../../../lib/page-options'
import { useCurrentShop, useCurrentShopId } from '../../../lib/shop'
import { posAccessOf } from './binding'
import { CashierSetupDialog } from './cashier-setup-dialog'
import { deviceToken } from './device-key'
import { useBinding, type CashierEventDetail } from './use-binding'
import { StationContext, useStation, type Station } from './station-context'
import { cashierErrorMessage } from '../offline/cashier-errors'
import { useServing } from '../sell/serving'

export { CASHIER_EVENT, type CashierEventDetail } from './use-binding'
export { FontScaleDialog } from './font-scale-dialog'
export { useStation, type Station } from './station-context'

/*
 * The till's station (decision 0100): this device's key id, the cashier bound to it (spec §4.7), the
 * caller's POS access (§6.2) and the cashier's font scale (§9.7). The provider shows the cashier-setup
 * dialog when no cashier is bound, and announces `cashier` / `cashierReset` (a window event and a
 * screen-reader live region).
 */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap'
}

/** The station of the current shop; another shop is another station, so its till starts afresh. */
export const PosStationProvider = ({ children }: { children: ReactNode }) => {
  // Keyed by the route's shop id, known at once: the till is not mounted twice while the shop list loads.
  const shopId = useCurrentShopId()
  const shop = useCurrentShop(true)
  return (
    <StationScope key={shopId ?? ''} shop={shop?._id === shopId ? shop : undefined}>
      {children}
    </StationScope>
  )
}

const StationScope = ({ shop, children }: { shop: Shop | undefined; children: ReactNode }) => {
  const { t } = useListT()
  const user = useSession().user
  const [setupOpen, setSetupOpen] = useState(false)
  const [spoken, setSpoken] = useState('')
  const onAnnounce = useCallback(
    ({ announce, cashier }: CashierEventDetail) =>
      setSpoken(announce === 'cashier' ? t('posStation.bound', { name: cashier?.name ?? '' }) : t('posStation.reset')),
    [t]
  )
  const binding = useBinding(shop, onAnnounce)
  const [asked, setAsked] = useState(false)
  // Opening the POS on a device with no bound cashier opens the setup dialog (spec §2.13), once per visit.
  if (binding.confirmed && !binding.cashier && !asked) {
    setAsked(true)
    setSetupOpen(true)
  }
  // A colleague serving at this till (decision 0135) works it with their own POS access.
  const serving = useServing().serving
  const access: PosAccessType = posAccessOf(shop, serving?.user ?? user?._id)
  const closeSetup = useCallback(() => {
    setSetupOpen(false)
    // The setup dialog closed with none bound: spec §8.4 "Cashier Not Setup".
    if (!binding.cashier) notifyError(t('pos.error.cashierNotSetup'))
  }, [binding.cashier, t])
  const { cashier, update, bind } = binding
  // Binding is what the dialog is for: done, it closes.
  const bindAndClose = useCallback(
    async (picked: Cashier) => {
      await bind(picked)
      setSetupOpen(false)
    },
    [bind]
  )
  const setFontScale = useCallback(
    async (patch: { fontScale?: number; remoteFontScale?: number }) => {
      try {
        await update(patch)
      } catch (error) {
        notifyError(cashierErrorMessage(error))
      }
    },
    [update]
  )
  const station = useMemo<Station>(
    () => ({
      deviceId: binding.deviceId,
      cashier,
      ready: binding.ready,
      access,
      openSetup: () => setSetupOpen(true),
      deviceToken,
      title: cashier ? t('posStation.title', { id: cashier.id, name: cashier.name }) : t('posStation.titleNone'),
      fontPercent: fontScalePercent(cashier?.fontScale ?? 0),
      remoteFontPercent: remoteFontScalePercent(cashier?.remoteFontScale ?? 0),
      setFontScale
    }),
    [binding.deviceId, binding.ready, cashier, access, t, setFontScale]
  )
  return (
    <StationContext.Provider value={station}>
      {children}
      <CashierSetupDialog
        open={setupOpen}
        onClose={closeSetup}
        deviceId={binding.deviceId}
        canCreate={access === 'admin'}
        bind={bindAndClose}
        unbind={binding.unbind}
      />
      <Box sx={visuallyHidden} role="status" aria-live="polite" data-testid="pos-station-announce">
        {spoken}
      </Box>
    </StationContext.Provider>
  )
}

/**
 * The POS page's options with the station's title (spec §2.13 "the title carries the cashier and its
 * name"): the page calls this instead of `usePageOptions`, since a page has one set of options.
 */
export const useStationPageOptions = (options: Omit<PageOptions, 'title'>) => {
  const { title } = useStation()
  const { fullPage, noDrawer, dark, fontSize, noSelect, actions } = options
  const merged = useMemo(
    () => ({ fullPage, noDrawer, dark, fontSize, noSelect, actions, title }),
    [fullPage, noDrawer, dark, fontSize, noSelect, actions, title]
  )
  usePageOptions(merged)
}
