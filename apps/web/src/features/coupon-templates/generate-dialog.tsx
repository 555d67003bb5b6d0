import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { servicePaths } from '@emporia/shared'
import type { FieldDef } from '../../components/fields/field-types'
import { SelectInput } from '../../components/fields/select-field'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { notifySuccess } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'
import { generateCoupons } from './coupons-api'

/** Most coupons one request of the dialog makes (in batches of the server's size). */
const MOST = 100_000

const customerField: FieldDef = {
  name: 'user',
  label: 'coupon.forCustomer',
  type: 'select',
  source: { path: servicePaths.shopUsers, textField: 'name', searchFields: ['name', 'phone', 'email'] }
}

/**
 * Generate N coupons of a template (decision 0090), for handing out or for one customer; a long run
 * shows how far it is. The server refuses past the template's limits, and that message shows here.
 */
export const GenerateDialog = ({ template, onClose }: { template: string; onClose: () => void }) => {
  const { t } = useListT()
  const queryClient = useQueryClient()
  const [count, setCount] = useState('1')
  const [user, setUser] = useState<string | null>(null)
  const [done, setDone] = useState<number>()
  const [error, setError] = useState<string>()
  const total = Number(count)
  const countOk = Number.isInteger(total) && total >= 1 && total <= MOST
  const busy = done !== undefined
  const run = async () => {
    setError(undefined)
    setDone(0)
    try {
      const made = await generateCoupons(template, total, user, setDone)
      notifySuccess(t('coupon.generated', { count: made }))
      onClose()
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setDone(undefined)
      // What was made before a refusal is listed too, and the template's count moved.
      void queryClient.invalidateQueries({ queryKey: queryKeys.service(servicePaths.coupons) })
      void queryClient.invalidateQueries({ queryKey: queryKeys.service(servicePaths.couponTemplates) })
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth data-testid="coupon-generate-dialog">
      <DialogTitle>{t('coupon.generate')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="number"
            label={t('coupon.count')}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            error={!countOk || Boolean(error)}
            helperText={!countOk ? t('format.shouldLessOrEqual', { value: MOST }) : error}
            disabled={busy}
            slotProps={{ htmlInput: { min: 1, max: MOST, step: 1, 'data-testid': 'coupon-generate-count' } }}
          />
          <SelectInput
            field={customerField}
            value={user}
            onChange={(value) => setUser(typeof value === 'string' && value ? value : null)}
            values={{ user }}
            setValue={(_name, value) => setUser(typeof value === 'string' && value ? value : null)}
            testId="coupon-generate-user"
          />
          {busy && (
            <Stack spacing={0.5} data-testid="coupon-generate-progress">
              <LinearProgress variant="determinate" value={(100 * done) / total} />
              <Typography variant="caption">{t('coupon.progress', { done, total })}</Typography>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="coupon-generate-cancel">
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void run()} disabled={!countOk || busy} data-testid="coupon-generate-ok">
          {t('coupon.generate')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
