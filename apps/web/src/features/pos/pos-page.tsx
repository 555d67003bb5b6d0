import { useMemo } from 'react'
import { usePageOptions, type PageOptions } from '../../lib/page-options'
import { PosStationProvider } from './station/station'
import { Till } from './sell/till'

/** The POS screen (spec §2.13; decisions 0094, 0098): full screen, no drawer, the station around the till. */
export const PosPage = () => {
  const options = useMemo<PageOptions>(() => ({ fullPage: true, noDrawer: true, noSelect: true }), [])
  usePageOptions(options)
  return (
    <PosStationProvider>
      <Till />
    </PosStationProvider>
  )
}
