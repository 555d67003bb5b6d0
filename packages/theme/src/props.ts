import type { CSSProperties } from 'react'
import type { ResolvedLink } from '@emporia/shared'

/*
 * Resolved props are typed by the shared resolver (coerceProp) but arrive as `unknown`; these read them
 * back with a fallback, so a renderer never trusts a shape it was not given.
 */
export const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback
export const flag = (value: unknown): boolean => value === true
export const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback
export const list = <T = unknown>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : [])
export const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
/** A `css` prop (already checked by cssStyle) as a React style. */
export const style = (value: unknown, extra?: CSSProperties): CSSProperties | undefined => {
  const css = record(value) as CSSProperties | undefined
  if (!extra) return css && Object.keys(css).length ? css : undefined
  return { ...extra, ...css }
}
/** A resolved link (`{href, external}`), or undefined when the link leads nowhere safe. */
export const link = (value: unknown): ResolvedLink | undefined => {
  const found = record(value)
  return found && typeof found.href === 'string' ? { href: found.href, external: found.external === true } : undefined
}
/** Props of an outside link: a new tab without handing it this page. */
export const linkProps = (to: ResolvedLink | undefined) =>
  to ? { href: to.href, ...(to.external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } : {}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
/** Text for HTML: every markup character escaped. */
export const escapeText = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char])

/** Cents as the shop shows money (§9.1): symbol, comma thousands, 2 decimals, a leading '-'. */
export const formatCents = (cents: number, symbol = '$') => {
  const negative = cents < 0
  const whole = Math.floor(Math.abs(Math.round(cents)) / 100)
  const fraction = String(Math.abs(Math.round(cents)) % 100).padStart(2, '0')
  return `${negative ? '-' : ''}${symbol}${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`
}
