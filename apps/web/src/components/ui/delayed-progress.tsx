import type { ReactNode } from 'react'
import { useDelayedLoading } from '../../lib/loading-delay'

/**
 * A loading indicator shown only once its wait has lasted the fetch delay (spec §9.3, decision 0187):
 * mounted while something loads (a Suspense fallback, a dialog waiting for its record), it draws nothing
 * for the first 200 ms, so a quick answer never flashes a spinner.
 */
export const DelayedProgress = ({ children }: { children: ReactNode }) => (useDelayedLoading(true) ? children : null)
