import { ageingBuckets, fromCents, type AgeingReport } from '@emporia/shared'

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/** The ageing table as CSV (decimal amounts, one row per company, then the totals), headed by `labels`. */
export const ageingCsv = (
  report: AgeingReport,
  labels: { company: string; orders: string; buckets: string[]; total: string; totals: string }
) => {
  const header = [labels.company, labels.orders, ...labels.buckets, labels.total]
  const rows = report.rows.map((row) => [
    row.name,
    String(row.orders),
    ...ageingBuckets.map((bucket) => fromCents(row[bucket])),
    fromCents(row.total)
  ])
  const totals = [
    labels.totals,
    String(report.rows.reduce((sum, row) => sum + row.orders, 0)),
    ...ageingBuckets.map((bucket) => fromCents(report.totals[bucket])),
    fromCents(report.totals.total)
  ]
  return [header, ...rows, totals].map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n'
}
