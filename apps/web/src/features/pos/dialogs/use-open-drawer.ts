import { useCallback } from 'react'
import { usePosPrinter } from '../../../lib/pos-hardware/use-hardware'
import { useListT } from '../../../lib/i18n/lists'
import { notifyError } from '../../../lib/notify'
import { useCurrentShop } from '../../../lib/shop'
import { drawerDecision } from '../station/binding'
import { useStation } from '../station/station-context'

/**
 * Opens the drawer by hand (spec §6.2): the shop's `posDrawerOpener` says who may — nobody ("No
 * Permission"), managers and admins (others: "Need Permission"), or everyone. A manager's approval on
 * another member's till needs a server check of their password that only orders have (decision 0092),
 * so it is not offered here (decision 0100): the manager opens it from their own sign-in.
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
    if (decision === 'needPermission') {
      notifyError(`${t('errors.needPermission')}: ${t('posStation.needManager')}`)
      return false
    }
    try {
      await kickDrawer()
      return true
    } catch (error) {
      notifyError(t('posStation.drawerFailed', { reason: error instanceof Error ? error.message : String(error) }))
      return false
    }
  }, [opener, access, kickDrawer, t])
}
