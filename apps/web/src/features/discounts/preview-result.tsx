import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import type { Evaluation, Reason } from '@emporia/shared'
import { formatMoney } from '../../lib/format'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'

/** Values of the engine's explanations that are cents (decision 0088): shown as money. */
const MONEY_VALUES = new Set(['amount', 'price', 'spend', 'gain'])

export const useReasonText = () => {
  const { t } = useListT()
  return (reason: Reason) =>
    t(
      reason.key as AnyMessageKey,
      Object.fromEntries(
        Object.entries(reason.values ?? {}).map(([name, value]) => [
          name,
          MONEY_VALUES.has(name) && typeof value === 'number' ? formatMoney(value) : value
        ])
      )
    )
}

interface PreviewResultProps {
  result: Evaluation
  /** A line's product name, by line key. */
  lineName: (key: string) => string
  /** A rule's name, by id. */
  ruleName: (id: string) => string
}

/** What the engine made of the cart: lines, totals, and why each rule applied, did not, or could. */
export const PreviewResult = ({ result, lineName, ruleName }: PreviewResultProps) => {
  const { t } = useListT()
  const text = useReasonText()
  const list = (testId: string, title: AnyMessageKey, items: { key: string; text: string }[]) =>
    items.length > 0 && (
      <Box data-testid={testId}>
        <Typography variant="subtitle2">{t(title)}</Typography>
        {items.map((item) => (
          <Typography key={item.key} variant="body2" data-testid={`${testId}-item`}>
            {item.text}
          </Typography>
        ))}
      </Box>
    )
  return (
    <Stack spacing={1.5} data-testid="preview-result">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('discount.preview.product')}</TableCell>
            <TableCell align="right">{t('discount.preview.subtotal')}</TableCell>
            <TableCell align="right">{t('discount.preview.discount')}</TableCell>
            <TableCell align="right">{t('discount.preview.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.lines.map((line) => (
            <TableRow key={line.key} data-testid="preview-line">
              <TableCell>{lineName(line.key)}</TableCell>
              <TableCell align="right">{formatMoney(line.subtotal)}</TableCell>
              <TableCell align="right">{line.discount ? `-${formatMoney(line.discount)}` : ''}</TableCell>
              <TableCell align="right">{formatMoney(line.total)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('discount.preview.total')}</TableCell>
            <TableCell align="right">{formatMoney(result.subtotal)}</TableCell>
            <TableCell align="right" data-testid="preview-discount">
              {result.discount ? `-${formatMoney(result.discount)}` : formatMoney(0)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="preview-total">
              {formatMoney(result.total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {list(
        'preview-applied',
        'discount.preview.applied',
        result.applied.map((applied) => ({
          key: applied.rule,
          text: `${ruleName(applied.rule)}: ${text(applied.why)}${applied.amount ? ` (-${formatMoney(applied.amount)})` : ''}`
        }))
      )}
      {list(
        'preview-rejected',
        'discount.preview.rejected',
        result.rejected.map((rejected) => ({ key: rejected.rule, text: `${ruleName(rejected.rule)}: ${text(rejected.reason)}` }))
      )}
      {list(
        'preview-suggestions',
        'discount.preview.suggestions',
        result.suggestions.map((suggestion) => ({
          key: suggestion.rule,
          text: `${ruleName(suggestion.rule)}: ${text(suggestion.message)}`
        }))
      )}
    </Stack>
  )
}
