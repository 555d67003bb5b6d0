import { Fragment, type ReactNode } from 'react'
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { PosSummary } from '@emporia/shared'
import { formatDateTime, formatMoney, keyLabel } from '../../../lib/format'
import { useListT, type AnyMessageKey } from '../../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../../lib/i18n/translatable'
import { paymentMethodText } from '../../../lib/order-labels'

/** One section of the report: a title and a compact table (prints on a receipt-width page too). */
const Section = ({ title, testId, children }: { title: AnyMessageKey; testId: string; children: ReactNode }) => {
  const { t } = useListT()
  return (
    <Box component="section" data-testid={testId} sx={{ breakInside: 'avoid' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 2 }}>
        {t(title)}
      </Typography>
      <Table size="small">{children}</Table>
    </Box>
  )
}

const Head = ({ cells }: { cells: AnyMessageKey[] }) => {
  const { t } = useListT()
  return (
    <TableHead>
      <TableRow>
        {cells.map((cell, index) => (
          <TableCell key={cell} align={index ? 'right' : 'left'}>
            {t(cell)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  )
}

const Cells = ({ values, testId }: { values: ReactNode[]; testId?: string }) => (
  <TableRow data-testid={testId}>
    {values.map((value, index) => (
      <TableCell key={index} align={index ? 'right' : 'left'}>
        {value}
      </TableCell>
    ))}
  </TableRow>
)

/** The sections of spec §2.13 in its order: order, cash, payment, category, basic. */
export const PosSummarySections = ({ summary }: { summary: PosSummary }) => {
  const { t, tAny, language } = useListT()
  const { basic } = summary
  return (
    <>
      <Section title="posReport.section.order" testId="pos-summary-order">
        <Head
          cells={[
            'posReport.group',
            'posReport.orders',
            'posReport.subtotal',
            'posReport.discount',
            'posReport.total',
            'posReport.refunded'
          ]}
        />
        <TableBody>
          {summary.order.map((row) => (
            <Cells
              key={row.key}
              values={[
                keyLabel(summary.groupBy, row.key, language),
                row.orders,
                formatMoney(row.subtotal),
                formatMoney(row.discount),
                formatMoney(row.total),
                formatMoney(row.refunded)
              ]}
            />
          ))}
        </TableBody>
      </Section>
      <Section title="posReport.section.cash" testId="pos-summary-cash">
        <Head cells={['posReport.cashType', 'posReport.count', 'posReport.amount']} />
        <TableBody>
          {summary.cash.map((row) => (
            <Fragment key={row.type}>
              <Cells values={[t(`posReport.cash.${row.type}` as AnyMessageKey), row.count, formatMoney(row.amount)]} />
              {row.details.map((detail, index) => (
                <Cells
                  key={index}
                  values={[
                    <Box component="span" sx={{ pl: 2, color: 'text.secondary' }}>
                      {formatDateTime(detail.date, language)}
                    </Box>,
                    typeof detail.diff === 'number' && detail.diff !== 0
                      ? `${t('posReport.diff')} ${formatMoney(detail.diff)}`
                      : '',
                    formatMoney(detail.amount)
                  ]}
                />
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Section>
      <Section title="posReport.section.payment" testId="pos-summary-payment">
        <Head cells={['posReport.method', 'posReport.count', 'posReport.amount', 'posReport.refunded']} />
        <TableBody>
          {summary.payment.map((row) => {
            // `pos:<name>` is a shop's own POS method (decision 0082): shown by its name.
            const [method, extraMethod] = row.method.split(/:(.*)/s)
            return (
              <Cells
                key={row.method}
                testId={`pos-summary-payment-${row.method}`}
                values={[
                  paymentMethodText({ method, extraMethod }, t),
                  row.count,
                  formatMoney(row.amount),
                  formatMoney(row.refunded)
                ]}
              />
            )
          })}
        </TableBody>
      </Section>
      <Section title="posReport.section.category" testId="pos-summary-category">
        <Head cells={['posReport.category', 'posReport.quantity', 'posReport.amount']} />
        <TableBody>
          {summary.category.map((row) => (
            <Cells
              key={row.category}
              values={[
                row.name ? resolveText(row.name as Translatable, language, tAny) : row.category || t('posReport.noCategory'),
                row.quantity,
                formatMoney(row.amount)
              ]}
            />
          ))}
        </TableBody>
      </Section>
      <Section title="posReport.section.basic" testId="pos-summary-basic">
        <TableBody>
          {(
            [
              ['posReport.orders', basic.orders],
              ['posReport.items', basic.items],
              ['posReport.subtotal', formatMoney(basic.subtotal)],
              ['posReport.discount', formatMoney(basic.discount)],
              ['posReport.rounding', formatMoney(basic.rounding)],
              ['posReport.total', formatMoney(basic.total)],
              ['posReport.refunded', formatMoney(basic.refunded)],
              ['posReport.net', formatMoney(basic.net)],
              ['posReport.average', formatMoney(basic.average)],
              ['posReport.voided', basic.voided]
            ] as const
          ).map(([label, value]) => (
            <Cells key={label} testId={`pos-summary-${label.replace('posReport.', 'basic-')}`} values={[t(label), value]} />
          ))}
        </TableBody>
      </Section>
    </>
  )
}
