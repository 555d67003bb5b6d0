import type { Cashier, PosDisplay, Shop } from '@emporia/shared'
import type { PosDisplayMessage } from '../../lib/pos-display'

/*
 * The customer screen's state (decision 0099), pure so it is tested in Node: which cashier it follows,
 * the newest display from either source (the till's BroadcastChannel or the cashier's patched event),
 * the font scale and the banners shown while idle.
 */

export interface ScreenState {
  /** The cashier followed: `?cashier=`, else the one the till on this machine announces. */
  cashier: string | null
  display: PosDisplay | null
  remoteFontScale: number
}

export const initialScreen = (cashier: string | null): ScreenState => ({ cashier, display: null, remoteFontScale: 0 })

/** Both sources deliver the same state; whichever is older (a late socket event) must not undo the newer. */
const newer = (current: PosDisplay | null, next: PosDisplay | null | undefined) =>
  next === undefined ? current : next === null || !current || next.at >= current.at ? next : current

/** A message of the till on this machine; a screen following no cashier yet follows the first one it hears. */
export const onChannelMessage = (state: ScreenState, message: PosDisplayMessage): ScreenState => {
  if (state.cashier && message.cashier && message.cashier !== state.cashier) return state
  const cashier = state.cashier ?? message.cashier
  if (message.type === 'fontScale') return { ...state, cashier, remoteFontScale: message.remoteFontScale }
  return { ...state, cashier, display: newer(state.display, message.display) }
}

/** The followed cashier as loaded or patched (another device of the cashier, or its settings changed). */
export const onCashier = (state: ScreenState, cashier: Pick<Cashier, '_id' | 'display' | 'remoteFontScale'>): ScreenState =>
  cashier._id !== state.cashier
    ? state
    : { ...state, display: newer(state.display, cashier.display), remoteFontScale: cashier.remoteFontScale ?? 0 }

/** What the screen shows: the order (or payment) when there is one, else the banners or the welcome. */
export const screenMode = (display: PosDisplay | null): 'order' | 'paid' | 'idle' =>
  !display || display.state === 'idle' || (display.state === 'order' && display.lines.length === 0) ? 'idle' : display.state

/** The banners of settings/posBanners that are on, in their order. */
export const enabledBanners = (shop: Pick<Shop, 'posBanners'> | undefined) =>
  (shop?.posBanners ?? []).filter((banner) => banner.enabled)

/** Accepts only messages of the agreed shape: anything may post on a channel name. */
export const isDisplayMessage = (data: unknown): data is PosDisplayMessage => {
  if (typeof data !== 'object' || data === null) return false
  const message = data as Partial<PosDisplayMessage> & { display?: { lines?: unknown; at?: unknown } }
  if (message.type === 'fontScale') return typeof (message as { remoteFontScale?: unknown }).remoteFontScale === 'number'
  return message.type === 'display' && Array.isArray(message.display?.lines) && typeof message.display?.at === 'string'
}
