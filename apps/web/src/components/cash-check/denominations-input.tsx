import { useEffect } from 'react'
import { Paper, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material'
import { detailsAmount, detailsTotal, hkCashDenominations, type CashDetail } from '@emporia/shared'
import type { FieldProps } from '../fields/field-types'
import { formatMoney } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { denominationText } from './cash-check-labels'

const zeros = (): CashDetail[] => hkCashDenominations.map((value) => ({ value, number: 0 }))

/** Whole counts only: what is typed is kept to its digits. */
const count = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 7)
  return digits ? Number(digits) : 0
}

/**
 * The count by denominations (HK$ notes and coins, spec §3.11 details): value × number per line,
 * and their total fills the amount (taken out for a cash out). A saved check shows its lines and,
 * when the previous count had them too, each one's change since then.
 */
export const DenominationsInput = ({ value, onChange, values, setValue, testId, record, error }: FieldProps) => {
  const { t } = useListT()
  const lines = Array.isArray(value) ? (value as CashDetail[]) : zeros()
  const type = values.type
  const editable = !record
  // Counting by denominations starts from nothing counted, and the amount follows the count (and its sign the type).
  useEffect(() => {
    if (!editable) return
    if (!Array.isArray(value)) onChange(lines)
    setValue('amount', detailsAmount(type, lines))
    // The amount follows what was counted and the type, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, editable, Array.isArray(value)])
  const change = (index: number, number: number) => {
    const next = lines.map((line, i) =>
      i === index ? { value: line.value, number } : { value: line.value, number: line.number }
    )
    onChange(next)
    setValue('amount', detailsAmount(type, next))
  }
  const withDelta = lines.some((line) => typeof line.delta === 'number')
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t('cashCheck.details')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('cashCheck.denomination')}</TableCell>
            <TableCell align="right">{t('cashCheck.number')}</TableCell>
            <TableCell align="right">{t('cashCheck.lineTotal')}</TableCell>
            {withDelta && <TableCell align="right">{t('cashCheck.detailDelta')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={line.value} data-testid={`${testId}-line`} data-value={line.value}>
              <TableCell>{denominationText(line.value)}</TableCell>
              <TableCell align="right" sx={{ width: 140 }}>
                {editable ? (
                  <TextField
                    size="small"
                    value={line.number ? String(line.number) : ''}
                    placeholder="0"
                    onChange={(event) => change(index, count(event.target.value))}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        'aria-label': `${t('cashCheck.number')} ${denominationText(line.value)}`,
                        'data-testid': `${testId}-${line.value}`,
                        style: { textAlign: 'right' }
                      }
                    }}
                  />
                ) : (
                  line.number
                )}
              </TableCell>
              <TableCell align="right">{formatMoney(line.value * line.number)}</TableCell>
              {withDelta && (
                <TableCell align="right" sx={{ color: line.delta ? 'warning.main' : undefined }}>
                  {typeof line.delta === 'number' ? (line.delta > 0 ? `+${line.delta}` : line.delta) : ''}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2}>{t('cashCheck.total')}</TableCell>
            <TableCell align="right" data-testid={`${testId}-total`}>
              {formatMoney(detailsTotal(lines))}
            </TableCell>
            {withDelta && <TableCell />}
          </TableRow>
        </TableFooter>
      </Table>
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Paper>
  )
}
