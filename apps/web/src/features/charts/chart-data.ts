import {
  bucketsBetween,
  paymentMethods,
  seriesOf,
  stampParts,
  type ExportColumn,
  type LocaleId,
  type SalesSummary,
  type SummaryDim
} from '@emporia/shared'
import { keyLabel } from '../../lib/format/date'
import { resolveText, type Translatable, type Translate } from '../../lib/i18n/translatable'
import type { SalesRange } from '../../lib/sales-summary'

export { keyLabel }

/** A method or category as the merchant reads it; a shop's own POS method (`pos:<name>`) by its name. */
export const dimLabel = (
  by: SummaryDim,
  dim: string | undefined,
  names: SalesSummary['names'],
  locale: LocaleId,
  t: Translate
): string => {
  if (by === 'total' || dim === undefined) return t('charts.total')
  if (by === 'method') {
    if (dim.startsWith('pos:')) return dim.slice(4)
    return (paymentMethods as readonly string[]).includes(dim) ? t(`charts.method.${dim}`) : dim
  }
  if (!dim) return t('charts.noCategory')
  return resolveText(names?.[dim] as Translatable, locale, t) || dim
}

/** The x axis: every bucket of the range (days without sales as zero) when there are not too many, else those with sales. */
export const chartKeys = (range: SalesRange, summary: SalesSummary): (string | number)[] =>
  bucketsBetween(range.groupBy, stampParts(`${range.fromDate} 00:00:00`), stampParts(`${range.toDate} 23:00:00`)) ?? [
    ...new Set(summary.rows.map((row) => row.key))
  ]

export interface ChartData {
  labels: string[]
  /** Amounts in currency units (cents / 100), one series per method or category, or the total. */
  amounts: { name: string; data: number[] }[]
  /** Order counts, drawn only for the total. */
  orders?: number[]
}

export const chartData = (range: SalesRange, summary: SalesSummary, locale: LocaleId, t: Translate): ChartData => {
  const keys = chartKeys(range, summary)
  const labels = keys.map((key) => keyLabel(range.groupBy, key, locale))
  const toUnits = (cents: number[]) => cents.map((value) => value / 100)
  if (summary.by === 'total')
    return {
      labels,
      amounts: [{ name: t('charts.amount'), data: toUnits(seriesOf(summary.rows, keys, 'amount')) }],
      orders: seriesOf(summary.rows, keys, 'orders')
    }
  const dims = [...new Set(summary.rows.map((row) => row.dim ?? ''))]
  return {
    labels,
    amounts: dims.map((dim) => ({
      name: dimLabel(summary.by, dim, summary.names, locale, t),
      data: toUnits(seriesOf(summary.rows, keys, 'amount', dim))
    }))
  }
}

/**
 * The export's columns for the figures (decision 0022: the server writes the file): period labels
 * and method or category names as translated enums, amounts as money.
 */
export const exportColumnsOf = (range: SalesRange, summary: SalesSummary, locale: LocaleId, t: Translate): ExportColumn[] => {
  const keys = [...new Set(summary.rows.map((row) => row.key))]
  const dims = [...new Set(summary.rows.map((row) => row.dim ?? ''))]
  const labels = (values: (string | number)[], label: (value: string | number) => string) =>
    Object.fromEntries(values.map((value) => [String(value), label(value)]))
  return [
    { field: 'key', header: t('charts.period'), kind: 'text', enum: labels(keys, (key) => keyLabel(range.groupBy, key, locale)) },
    ...(summary.by === 'total'
      ? []
      : [
          {
            field: 'dim',
            header: t(`charts.by.${summary.by}`),
            kind: 'text' as const,
            enum: labels(dims, (dim) => dimLabel(summary.by, String(dim), summary.names, locale, t))
          }
        ]),
    { field: 'amount', header: t('charts.amount'), kind: 'money' },
    { field: 'orders', header: t('charts.orders'), kind: 'number' },
    { field: 'quantity', header: t('charts.quantity'), kind: 'number' }
  ]
}
