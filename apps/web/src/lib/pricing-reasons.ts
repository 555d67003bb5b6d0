import { reasonMoneyValues, type Reason } from '@emporia/shared'

/*
 * The pricing engine's reasons on screen (decision 0088): its money values are cents, formatted before the
 * message is filled. Shared by every screen that runs the engine in the browser (the order preview, the till).
 */

/** The values messages give in cents: the engine's and the staff budget's refusal (remaining, max). */
const MONEY = new Set([...reasonMoneyValues, 'remaining', 'max'])

/** A reason's values for display: money (cents) formatted, counts and percentages as they are. */
export const reasonValues = (reason: Reason, money: (cents: number) => string): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(reason.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' && MONEY.has(name) ? money(value) : value
    ])
  )
