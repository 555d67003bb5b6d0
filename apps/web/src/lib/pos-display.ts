import type { PosDisplay } from '@emporia/shared'

/*
 * What the till tells the customer-facing screen (spec §2.13 posScreen; decision 0094). The same state goes
 * over a BroadcastChannel (a second monitor of the same machine) and onto the cashier's `display` field,
 * which reaches the cashier's other devices in the `shop/cashiers` patched event. `fontScale` carries the
 * cashier's remoteFontScale on the channel (the socket has it on the cashier itself).
 */

export const POS_DISPLAY_CHANNEL = 'emporia-pos-display'

export type PosDisplayMessage =
  | { type: 'display'; cashier: string | null; display: PosDisplay }
  | { type: 'fontScale'; cashier: string | null; remoteFontScale: number }
