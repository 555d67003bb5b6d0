import { useState } from 'react'
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material'
import QrCode from '@mui/icons-material/QrCode2'
import { servicePaths, type CouponStatus } from '@emporia/shared'
import { DataTable } from '../../components/data-table/data-table'
import type { ResourceDefinition } from '../../components/data-table/resource'
import type { FieldProps } from '../../components/fields/field-types'
import { StatusChip } from '../../components/ui/status-chip'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import { useListT } from '../../lib/i18n/lists'
import { CouponQrDialog } from '../../components/qr/code-qr-dialog'
import { GenerateDialog } from './generate-dialog'

const statusLabels: Record<CouponStatus, AnyMessageKey> = {
  valid: 'coupon.status.valid',
  expired: 'coupon.status.expired',
  used: 'coupon.status.used'
}
const statusColours = { valid: 'success', expired: 'default', used: 'info' } as const

const CouponStatusChip = ({ status }: { status: CouponStatus }) => {
  const { t } = useListT()
  return <StatusChip label={t(statusLabels[status])} colour={statusColours[status]} testId="coupon-status" />
}

const QrButton = ({ code }: { code: string }) => {
  const { t } = useListT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Tooltip title={t('coupon.printQr')}>
        <IconButton size="small" aria-label={t('coupon.printQr')} onClick={() => setOpen(true)} data-testid="coupon-qr-open">
          <QrCode fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <CouponQrDialog code={code} onClose={() => setOpen(false)} />}
    </>
  )
}

/**
 * A template's coupons (decision 0090), newest first: the shared list over `coupons` for this
 * template, read-only (a coupon is issued, used and given back, never edited); its export writes the
 * codes as CSV; each code prints as a QR.
 */
const couponsOf = (template: string): ResourceDefinition => ({
  path: servicePaths.coupons,
  name: 'coupon.one',
  filter: { template },
  defaultSort: { sortBy: ['createdAt'], sortDesc: [true] },
  empty: { text: 'coupon.empty' },
  flags: { noAdd: true, noEdit: true, noClone: true, noRemove: true },
  columns: [
    { value: 'code', text: 'coupon.code', sortable: true },
    {
      value: 'status',
      text: 'coupon.status',
      enumList: statusLabels,
      sortable: true,
      render: (row) => <CouponStatusChip status={row.status as CouponStatus} />
    },
    { value: 'user', text: 'coupon.user', lookup: { path: servicePaths.shopUsers, textField: 'name' } },
    { value: 'expiresAt', text: 'coupon.expiresAt', kind: 'datetime', sortable: true },
    { value: 'usedAt', text: 'coupon.usedAt', kind: 'datetime', sortable: true },
    { value: 'createdAt', text: 'coupon.createdAt', kind: 'datetime', sortable: true },
    { value: 'qr', text: 'coupon.qr', render: (row) => <QrButton code={String(row.code)} />, noCard: true }
  ],
  fields: [],
  search: [{ field: 'code', type: 'regexp', label: 'coupon.code' }]
})

/** The "Coupons" section of a template's editor: Generate N, the list (with export), Print QR. */
export const CouponsSection = ({ record, testId }: FieldProps) => {
  const { t } = useListT()
  const [generating, setGenerating] = useState(false)
  const template = record?._id ? String(record._id) : undefined
  if (!template)
    return (
      <Typography variant="body2" color="text.secondary" data-testid={testId}>
        {t('coupon.saveFirst')}
      </Typography>
    )
  return (
    <Stack spacing={1} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t('couponTemplate.coupons')}
        </Typography>
        <Button variant="outlined" onClick={() => setGenerating(true)} data-testid="coupon-generate">
          {t('coupon.generate')}
        </Button>
      </Stack>
      <DataTable definition={couponsOf(template)} />
      {generating && <GenerateDialog template={template} onClose={() => setGenerating(false)} />}
    </Stack>
  )
}
