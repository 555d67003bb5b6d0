import type { Page } from 'playwright-core'
import { LONG_PRESS_MS } from '../../apps/web/src/lib/press'

/** A hold that is a long press (spec §4.11), with room for the pointer-down's own handling. */
export const LONG_HOLD_MS = LONG_PRESS_MS + 100

/**
 * Waits `ms` on the page's own clock. A press is timed by a timer the app sets on pointer-down; a timer
 * of the page set after it, for as long or longer, fires after it, however slowly a loaded machine runs
 * either (a wait in the test's process can end before the page's timer has fired).
 */
export const pageTimer = (page: Page, ms: number) =>
  page.evaluate((wait) => new Promise<void>((resolve) => setTimeout(resolve, wait)), ms)

/** Waits until the page has drawn a frame: whatever an input made it render is on screen. */
export const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
