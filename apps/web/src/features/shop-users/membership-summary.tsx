import { Stack, Typography } from '@mui/material'
import type { FieldProps } from '../../components/fields/field-types'
import { formatMoney } from '../../lib/format/money'
import type { LocaleId } from '@emporia/shared'
import { formatDate } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'

/**
 * What the server keeps of a customer's membership, shown read-only in the editor: the rank's
 * expiry, the amount counted towards it and the points (ranks and loyalty move them, decision 0083).
 */
export const MembershipSummary = ({ record, testId }: FieldProps) => {
  const { t, language } = useListT()
  if (!record) return null
  const entries: [string, string][] = [
    [t('shopUser.rankExpiry'), record.rankExpiry ? formatDate(String(record.rankExpiry), language as LocaleId) : '—'],
    [t('shopUser.cachedAmount'), formatMoney(typeof record.cachedAmount === 'number' ? record.cachedAmount : 0)],
    [t('shopUser.points'), String(record.points ?? 0)]
  ]
  return (
    <Stack direction="row" spacing={4} data-testid={testId}>
      {entries.map(([label, value]) => (
        <Stack key={label}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="body2">{value}</Typography>
        </Stack>
      ))}
    </Stack>
  )
}
