import { useState } from 'react'
import { Box, Button, Typography } from '@mui/material'
import Send from '@mui/icons-material/SendOutlined'
import { servicePaths } from '@emporia/shared'
import type { FieldProps } from '../../components/fields/field-types'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { resourceApi } from '../../lib/resource-client'

/**
 * In the editor of an invitation not yet accepted: mails it again (`patch {resend: true}`, counted
 * with the shop's invitations an hour). Nothing for a new entry or a member who accepted.
 */
export const ResendInvitation = ({ record }: FieldProps) => {
  const { t } = useListT()
  const [busy, setBusy] = useState(false)
  if (!record || record.accepted !== false) return null
  const resend = async () => {
    setBusy(true)
    try {
      await resourceApi(servicePaths.shopStaff).patch(String(record._id), { resend: true })
      notifySuccess(t('access.resent'))
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {t('access.pendingHint')}
      </Typography>
      <Button variant="outlined" startIcon={<Send />} disabled={busy} onClick={() => void resend()} data-testid="access-resend">
        {t('access.resend')}
      </Button>
    </Box>
  )
}
