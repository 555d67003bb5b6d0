import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography
} from '@mui/material'
import ContentCopy from '@mui/icons-material/ContentCopy'
import type { Domain, LocaleId, ManualRecordStatus } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import type { FieldProps } from '../../components/fields/field-types'
import { StatusChip } from '../../components/ui/status-chip'
import { errorMessage } from '../../lib/errors'
import { formatDate, formatDateTime } from '../../lib/format/date'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import {
  domainStatusColours,
  domainStatusLabels,
  domainTypeLabels,
  recordStatusColours,
  recordStatusLabels
} from './domain-labels'
import { setAlias, verifyDomain } from './domains-api'

const copy = (text: string) => void navigator.clipboard?.writeText(text).catch(() => undefined)

/** The records to add by hand and what the last check saw of each (spec §3.13 manualConfig). */
const ManualConfigTable = ({ domain }: { domain: Domain }) => {
  const { t, language } = useListT()
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('domain.manual')}</Typography>
      <Typography variant="body2">{t('domain.howTo')}</Typography>
      <Table size="small" data-testid="domain-manual">
        <TableHead>
          <TableRow>
            <TableCell>{t('domain.manual.type')}</TableCell>
            <TableCell>{t('domain.manual.name')}</TableCell>
            <TableCell>{t('domain.manual.value')}</TableCell>
            <TableCell>{t('domain.manual.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {domain.manualConfig.records.map((record) => (
            <TableRow key={record.type} data-testid={`domain-record-${record.type}`}>
              <TableCell>{record.type}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{record.name}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                <span data-testid={`domain-record-${record.type}-value`}>{record.value}</span>
                <Tooltip title={t('domain.copy')}>
                  <IconButton size="small" aria-label={t('domain.copy')} onClick={() => copy(record.value)}>
                    <ContentCopy fontSize="inherit" />
                  </IconButton>
                </Tooltip>
                {record.status === 'wrong' && record.seen?.length ? (
                  <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                    {t('domain.manual.seen', { values: record.seen.join(', ') })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                <StatusChip
                  label={t(recordStatusLabels[record.status as ManualRecordStatus])}
                  colour={recordStatusColours[record.status as ManualRecordStatus]}
                  testId={`domain-record-${record.type}-status`}
                />
                {record.added && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {formatDateTime(record.added, language as LocaleId)}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  )
}

/**
 * A domain's state in its editor (decision 0112): status, the last check's reason, the records to add with
 * their live status, "Verify now", and the shop alias (set only for a verified domain; replacing or
 * removing one asks first). Display only: nothing here is saved by the editor's Save.
 */
export const DomainStatusPanel = ({ record, testId }: FieldProps) => {
  const { t, language } = useListT()
  const [checked, setDomain] = useState<Domain>()
  // The editor's record, or what "Verify now" answered for it when that is newer.
  const given = record as Domain | undefined
  const domain = checked && checked._id === given?._id && checked.updatedAt >= given.updatedAt ? checked : given
  const shop = useCurrentShop(true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [asking, setAsking] = useState<'set' | 'remove' | null>(null)
  if (!domain?._id) return null
  const locale = language as LocaleId
  const isAlias = shop?.alias === domain.name
  const run = async (action: () => Promise<string | undefined>) => {
    setBusy(true)
    setError(undefined)
    setNotice(undefined)
    try {
      setNotice(await action())
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
      setAsking(null)
    }
  }
  const verify = () =>
    run(async () => {
      const checked = await verifyDomain(domain._id)
      setDomain(checked)
      return checked.status === 'verified' ? t('domain.verified') : undefined
    })
  const alias = (next: string | null) =>
    run(async () => {
      await setAlias(next === null ? null : domain._id)
      return next === null ? t('domain.aliasRemoved') : t('domain.aliasSet', { name: domain.name })
    })
  const askSet = () => (shop?.alias ? setAsking('set') : void alias(domain.name))

  return (
    <Stack spacing={2} data-testid={testId}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip
          label={t(domainStatusLabels[domain.status])}
          colour={domainStatusColours[domain.status]}
          testId="domain-status"
        />
        <Typography variant="body2" color="text.secondary">
          {t(domainTypeLabels[domain.type])}
        </Typography>
        {domain.expiresAt && (
          <Typography variant="body2" color="text.secondary">
            {t('domain.expiresAt')}: {formatDate(domain.expiresAt, locale)}
          </Typography>
        )}
        {domain.checkedAt && (
          <Typography variant="body2" color="text.secondary">
            {t('domain.checkedAt', { time: formatDateTime(domain.checkedAt, locale) })}
          </Typography>
        )}
      </Stack>
      {domain.status === 'pending' && domain.checkReason && (
        <Alert severity="warning" data-testid="domain-reason">
          <strong>{t('domain.stillPending')}.</strong> {t(domain.checkReason)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="domain-error">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" data-testid="domain-notice">
          {notice}
        </Alert>
      )}
      {domain.type === 'external' && <ManualConfigTable domain={domain} />}
      {domain.whois && (
        <Typography variant="body2" color="text.secondary" data-testid="domain-whois">
          {t('domain.whois')}: {domain.whois.registrar} · {domain.whois.registrant} ·{' '}
          {t('domain.nameservers', { list: domain.whois.nameservers.join(', ') })}
        </Typography>
      )}
      {domain.nameservers?.length && !domain.whois ? (
        <Typography variant="body2" color="text.secondary">
          {t('domain.nameservers', { list: domain.nameservers.join(', ') })}
        </Typography>
      ) : null}
      <Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {domain.type === 'external' && (
            <Button variant="contained" onClick={verify} disabled={busy} data-testid="domain-verify">
              {t('domain.verify')}
            </Button>
          )}
          {isAlias ? (
            <>
              <Typography variant="body2" data-testid="domain-is-alias">
                {t('domain.isAlias')}
              </Typography>
              <Button color="error" onClick={() => setAsking('remove')} disabled={busy} data-testid="domain-remove-alias">
                {t('domain.removeAlias')}
              </Button>
            </>
          ) : (
            <Button
              variant="outlined"
              onClick={askSet}
              disabled={busy || domain.status !== 'verified'}
              data-testid="domain-set-alias"
            >
              {t('domain.setAlias')}
            </Button>
          )}
        </Stack>
      </Box>
      <ConfirmDialog
        open={asking !== null}
        busy={busy}
        text={
          asking === 'remove'
            ? t('domain.confirmRemoveAlias', { name: domain.name })
            : t('domain.confirmAlias', { name: domain.name, current: shop?.alias ?? '' })
        }
        onConfirm={() => void alias(asking === 'remove' ? null : domain.name)}
        onClose={() => setAsking(null)}
        testId="domain-alias-confirm"
      />
    </Stack>
  )
}
