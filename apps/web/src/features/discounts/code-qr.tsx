import { useState } from 'react'
import { Button } from '@mui/material'
import QrCode from '@mui/icons-material/QrCode2'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'
import { CouponQrDialog } from '../../components/qr/code-qr-dialog'

/**
 * The unlimited-use coupon (spec §3.9, decision 0089): a rule's own code, which any customer may give any
 * number of times, printed as a 512 px QR for the counter or a poster. Only the saved code prints: a code
 * still being typed may yet be refused as taken.
 */
export const CodeQr = ({ record, testId }: FieldProps) => {
  const { t } = useListT()
  const [open, setOpen] = useState(false)
  const code = typeof record?.couponCode === 'string' ? record.couponCode : ''
  if (!code) return null
  return (
    <>
      <Button variant="outlined" startIcon={<QrCode />} onClick={() => setOpen(true)} data-testid={testId}>
        {t('coupon.printQr')}
      </Button>
      {open && <CouponQrDialog code={code} onClose={() => setOpen(false)} />}
    </>
  )
}
