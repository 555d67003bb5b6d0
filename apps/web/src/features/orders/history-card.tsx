import { Box, Paper, Stack, Typography } from '@mui/material'
import { lineTitle, type LocaleId, type Order, type OrderEvent } from '@emporia/shared'
import { formatDateTime } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { historyActionKey, historyDetailText, historyMoveText } from './order-history'

/** Who did what, when (spec §3.11, issue's audit trail): oldest first, each entry a line of the timeline. */
interface HistoryCardProps {
  order: Order
  entries: OrderEvent[]
  staffName: (id: unknown) => string
}

export const HistoryCard = ({ order, entries, staffName }: HistoryCardProps) => {
  const { t, tAny, language } = useListT()
  const lineName = (index: number) => lineTitle(order.products[index] ?? {}, language as LocaleId) || `#${index + 1}`
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="order-history">
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('history.title')}
      </Typography>
      {entries.length === 0 && (
        <Typography color="text.secondary" data-testid="order-history-empty">
          {t('history.empty')}
        </Typography>
      )}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => {
          const key = historyActionKey(entry.action)
          const move = historyMoveText(entry.from, entry.to, tAny)
          const detail = historyDetailText(entry.detail, tAny, lineName, { system: !entry.user })
          return (
            <Box
              component="li"
              key={entry._id}
              data-testid="history-entry"
              data-action={entry.action}
              sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="history-action">
                {key ? t(key) : entry.action}
                {move && ` · ${move}`}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" data-testid="history-meta">
                {formatDateTime(entry.date, language as LocaleId)} ·{' '}
                {entry.user
                  ? staffName(entry.user)
                  : (entry.detail as { by?: string } | null)?.by === 'customer'
                    ? t('history.customer')
                    : t('history.system')}
              </Typography>
              {detail && (
                <Typography variant="caption" component="div" sx={{ wordBreak: 'break-word' }} data-testid="history-detail">
                  {detail}
                </Typography>
              )}
            </Box>
          )
        })}
      </Stack>
    </Paper>
  )
}
