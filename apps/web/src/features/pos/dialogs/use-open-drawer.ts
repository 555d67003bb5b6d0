import { useCallback } from 'react'
import { usePosPrinter } from '../../../lib/pos-hardware/use-hardware'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { useCurrentShop } from '../../../lib/shop'
import { drawerDecision } from '../station/binding'
import { useStation } from '../station/station-context'
import { askManager } from './manager-approval'
import { deviceFailure } from '../offline/cashier-errors'

/**
 * Opens the drawer by hand (spec §6.2): the shop's `posDrawerOpener` says who may — nobody ("No
 * Permission"), managers and admins, or everyone. A cashier under "managers only" asks a manager, who
 * approves on this device with their staff PIN (decision 0135, amending 0100); the server keeps the
 * approval, naming both, and the drawer opens on its answer.
 */
export const useOpenDrawer = () => {
  const { t } = useListT()
  const shop = useCurrentShop(true)
  const { access } = useStation()
  const { kickDrawer } = usePosPrinter()
  const opener = shop?.posDrawerOpener
  return useCallback(async (): Promise<boolean> => {
    const decision = drawerDecision(opener, access)
    if (decision === 'noPermission') {
      notifyError(t('errors.noPermission'))
      return false
    }
    if (decision === 'needPermission' && !(await askManager({ action: 'drawer' }))) return false
    try {
      await kickDrawer()
      return true
    } catch (error) {
      notifyError(t('posStation.drawerFailed', { reason: deviceFailure(error) }))
      return false
    }
  }, [opener, access, kickDrawer, t])
}
