import type { ScreenDef } from '../../lib/screens/screen'
import { screens } from '../screens'

/** The registry's screen a route belongs to: the one whose route is the longest folder of it (`discounts/edit` → discounts). */
export const screenOfRoute = (name: string | undefined): ScreenDef | undefined =>
  name === undefined
    ? undefined
    : screens
        .filter((screen) => screen.kind !== 'tab' && (name === screen.route || name.startsWith(`${screen.route}/`)))
        .sort((a, b) => b.route.length - a.route.length)[0]
