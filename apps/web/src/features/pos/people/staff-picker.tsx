import { useState } from 'react'
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import { useSession } from '../../../lib/auth'
import { useListT } from '../../../lib/i18n/lists'
import { useCurrentShop } from '../../../lib/shop'
import { useShopStaff } from '../../../lib/staff-names'
import type { DialogProps } from '../dialogs/dialog-props'
import { staffChoices } from './staff-choices'

/**
 * The staff list (spec §2.13): who served the customer. Names come from the shop's staff list; a member
 * who may not read it (only admins may) still sees every member of the shop, themselves by name.
 */
export const StaffPicker = ({
  open,
  onClose,
  onPick
}: DialogProps & { onPick: (staff: { _id: string; name: string } | null) => void }) => {
  const { t } = useListT()
  const staff = useShopStaff()
  const shop = useCurrentShop(true)
  const me = useSession().user
  const [filter, setFilter] = useState('')
  const choices = staffChoices(staff.data, shop?.users, me, filter)
  const close = () => {
    setFilter('')
    onClose()
  }
  const pick = (choice: { _id: string; name: string } | null) => {
    onPick(choice)
    close()
  }
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" data-testid="pos-staff-dialog">
      <DialogTitle>{t('posStaff.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t('posStaff.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && choices.length === 1) pick(choices[0])
          }}
          slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'pos-staff-filter' } }}
          sx={{ mt: 1 }}
        />
        {staff.isPending && (
          <Stack direction="row" sx={{ py: 2, justifyContent: 'center' }}>
            <CircularProgress size={24} />
          </Stack>
        )}
        {!staff.isPending && choices.length === 0 && (
          <Typography sx={{ py: 2 }} color="text.secondary">
            {t('posStaff.empty')}
          </Typography>
        )}
        <List dense>
          {choices.map((choice) => (
            <ListItemButton key={choice._id} onClick={() => pick(choice)} data-testid={`pos-staff-${choice._id}`}>
              <ListItemText primary={choice.name} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => pick(null)} data-testid="pos-staff-none">
          {t('posStaff.none')}
        </Button>
        <Button onClick={close}>{t('editor.cancel')}</Button>
      </DialogActions>
    </Dialog>
  )
}
