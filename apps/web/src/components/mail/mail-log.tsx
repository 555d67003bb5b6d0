import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography
} from '@mui/material'
import type { MailLogEntry } from '@emporia/shared'
import { useListT, type AnyMessageKey } from '../../lib/i18n/lists'
import { formatDateTime } from '../../lib/format/date'
import { retrying, stateColor, useMailLog } from '../../lib/mail-log'

/** A mail's reason, translated by its key, with the provider's own words beside it. */
const Reason = ({ entry }: { entry: MailLogEntry }) => {
  const { t } = useListT()
  if (!entry.reasonKey && !retrying(entry)) return null
  return (
    <Tooltip title={entry.reason ?? ''}>
      <Typography variant="body2" color={entry.status === 'failed' ? 'error' : 'text.secondary'} data-testid="mail-reason">
        {entry.reasonKey ? t(entry.reasonKey as AnyMessageKey) : ''}
        {retrying(entry) ? ` · ${t('emailSettings.retrying', { attempts: entry.attempts + 1 })}` : ''}
      </Typography>
    </Tooltip>
  )
}

/**
 * The shop's mails with their states (decision 0148): queued, sent, failed with the reason, bounced;
 * on settings/email all of them, on an order's page that order's.
 */
export const MailLog = ({ order, refreshKey }: { order?: string; refreshKey?: unknown }) => {
  const { t, language } = useListT()
  const log = useMailLog(order, refreshKey)
  const entries = log.data?.data
  if (!entries) return null
  if (order && !entries.length) return null
  const content = (
    <Box data-testid={order ? 'order-mails' : 'mail-log'}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t(order ? 'emailSettings.orderMails' : 'emailSettings.log')}
        </Typography>
        <Button size="small" onClick={() => void log.refetch()} data-testid="mail-log-refresh">
          {t('emailSettings.refresh')}
        </Button>
      </Stack>
      {entries.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('emailSettings.date')}</TableCell>
              <TableCell>{t('emailSettings.template')}</TableCell>
              <TableCell>{t('emailSettings.to')}</TableCell>
              <TableCell>{t('emailSettings.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry._id} data-testid="mail-log-row">
                <TableCell>{formatDateTime(entry.createdAt, language)}</TableCell>
                <TableCell>
                  {t(`emailTemplate.${entry.template}` as AnyMessageKey, { defaultValue: entry.subject })}
                  <Typography variant="body2" color="text.secondary">
                    {entry.subject}
                  </Typography>
                </TableCell>
                <TableCell>{entry.to}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={stateColor(entry.status)}
                    label={t(`emailState.${entry.status}` as AnyMessageKey)}
                    data-testid={`mail-state-${entry.status}`}
                  />
                  <Reason entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary">{t('emailSettings.logEmpty')}</Typography>
      )}
    </Box>
  )
  return order ? (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {content}
    </Paper>
  ) : (
    content
  )
}
