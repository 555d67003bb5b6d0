import { useEffect, useRef } from 'react'
import { servicePaths, type PosDisplay } from '@emporia/shared'
import { formatMoney } from '../../../lib/format/money'
import { POS_DISPLAY_CHANNEL, type PosDisplayMessage } from '../../../lib/pos-display'
import { shopApi } from '../../../lib/resource-client'
import type { CartState } from './cart-store'
import type { TillPricing } from './pricing'

/*
 * The customer screen's feed (spec §2.13 posScreen; decision 0098): every change goes at once on the
 * BroadcastChannel (a second monitor of this machine) and, at most every 300 ms, onto the cashier's
 * `display` (its other devices, a screen opened later). The last state always gets written.
 */

export const DISPLAY_PATCH_MS = 300

/** The last sale as the customer screen shows it once the order is cleared. */
export interface PaidSale {
  total: number
  received: number
  change: number
}

/** What the customer sees: the order being rung up, else the sale just paid (with the change), else idle. */
export const displayOf = (
  cart: CartState,
  pricing: TillPricing | null,
  paid: PaidSale | null,
  suggestions: string[],
  text: (value: unknown) => string,
  at: string
): PosDisplay => {
  if (!cart.lines.length)
    return paid
      ? {
          state: 'paid',
          lines: [],
          total: formatMoney(paid.total),
          received: formatMoney(paid.received),
          change: formatMoney(paid.change),
          at
        }
      : { state: 'idle', lines: [], at }
  const totals = new Map(pricing?.evaluation.lines.map((line) => [line.key, line.total]))
  return {
    state: 'order',
    lines: cart.lines.map((line) => ({
      name: text(line.name),
      quantity: line.quantity,
      price: formatMoney(line.price),
      total: formatMoney(totals.get(line.id) ?? null)
    })),
    ...(pricing
      ? { subtotal: formatMoney(pricing.subtotal), discount: formatMoney(pricing.discount), total: formatMoney(pricing.total) }
      : {}),
    ...(suggestions.length ? { suggest: suggestions } : {}),
    at
  }
}

/** Trims a display to what its schema allows (500 lines, 40-character amounts, 200-character names). */
export const fitDisplay = (display: PosDisplay): PosDisplay => ({
  ...display,
  lines: display.lines.slice(0, 500).map((line) => ({ ...line, name: line.name.slice(0, 200) })),
  suggest: display.suggest?.slice(0, 10).map((text) => text.slice(0, 200))
})

/**
 * Does the till offer the customer-facing second screen (shop switch multiscreen, decision 0196)? On
 * unless the shop turned it off (it starts on: every till fed its screen before the switch did anything).
 */
export const offersCustomerScreen = (shop: { multiscreen?: boolean | null } | undefined) => shop?.multiscreen !== false

/** `enabled`: the shop offers the second screen (multiscreen, decision 0196); off, nothing is sent. */
export const useDisplayFeed = (cashier: string | null, display: PosDisplay, enabled = true) => {
  const channel = useRef<BroadcastChannel | null>(null)
  const pending = useRef<PosDisplay | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    if (!enabled || typeof BroadcastChannel === 'undefined') return
    channel.current = new BroadcastChannel(POS_DISPLAY_CHANNEL)
    return () => {
      channel.current?.close()
      channel.current = null
    }
  }, [enabled])

  useEffect(() => {
    if (!enabled) return
    const fitted = fitDisplay(display)
    const message: PosDisplayMessage = { type: 'display', cashier, display: fitted }
    channel.current?.postMessage(message)
    if (!cashier) return
    pending.current = fitted
    if (timer.current) return
    const flush = () => {
      timer.current = null
      const next = pending.current
      pending.current = null
      if (!next) return
      // A lost write only delays the other devices until the next change: never bother the cashier.
      void shopApi(servicePaths.cashiers)
        .patch(cashier, { display: next })
        .catch(() => undefined)
      timer.current = setTimeout(flush, DISPLAY_PATCH_MS)
    }
    flush()
  }, [cashier, display, enabled])

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )
}
