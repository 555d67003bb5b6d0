import { PosStationProvider } from './station/station'
import { Till } from './sell/till'

/** The POS screen (spec §2.13; decisions 0094, 0098): the station around the till. */
export const PosPage = () => (
  <PosStationProvider>
    <Till />
  </PosStationProvider>
)
