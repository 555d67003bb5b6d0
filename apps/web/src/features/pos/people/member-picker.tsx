import { useEffect, useState } from 'react'
import {
  Alert,
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
import { useQuery } from '@tanstack/react-query'
import { customerName, servicePaths, type ShopUser } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { rowsOf, shopApi } from '../../../lib/resource-client'
import { useCurrentShop, useCurrentShopId } from '../../../lib/shop'
import { useStation } from '../station/station-context'
import { refusalOf } from '../station/refusal'
import type { DialogProps } from '../dialogs/dialog-props'
import { memberLookup } from './member-search'

const SETTLE_MS = 250

const findMembers = async (lookup: ReturnType<typeof memberLookup>): Promise<ShopUser[]> => {
  if (lookup.kind === 'none') return []
  const api = shopApi(servicePaths.shopUsers)
  if (lookup.kind === 'id') {
    const member = await api.get(lookup.id).catch(() => null)
    return member ? [member] : []
  }
  return rowsOf(await api.find(lookup.query))
}

/**
 * The member list (spec §2.13): search by name, phone or e-mail, or scan the member card (its code, the
 * customer id, ends with Enter). Enter picks the only match. "Guest" (null) is offered in the shop's
 * guest mode or when the cashier allows anonymous customers; a cashier with `allowPickUser` off cannot pick.
 */
export const MemberPicker = ({ open, onClose, onPick }: DialogProps & { onPick: (member: ShopUser | null) => void }) => {
  const { t } = useListT()
  const { cashier } = useStation()
  const shop = useCurrentShop(true)
  const shopId = useCurrentShopId()
  const [text, setText] = useState('')
  const [settled, setSettled] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const mayPick = cashier?.allowPickUser !== false
  const guest = Boolean(shop?.posGuestMode || cashier?.allowAnonymous)
  const lookup = memberLookup(settled)
  const members = useQuery({
    queryKey: [servicePaths.shopUsers, 'find', { pos: 'member', shop: shopId, lookup }],
    queryFn: () => findMembers(lookup),
    enabled: open && mayPick && lookup.kind !== 'none'
  })
  const close = () => {
    setText('')
    setSettled('')
    onClose()
  }
  const pick = (member: ShopUser | null) => {
    onPick(member)
    close()
  }
  // A scanner types fast and ends with Enter: search at once rather than after the pause.
  const enter = async () => {
    const now = memberLookup(text)
    if (now.kind === 'none') return
    const list = text === settled && members.data ? members.data : await findMembers(now).catch(() => [])
    if (list.length === 1) pick(list[0])
    else setSettled(text)
  }
  const list = members.data ?? []
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="pos-member-dialog">
      <DialogTitle>{t('posMember.title')}</DialogTitle>
      <DialogContent>
        {!mayPick ? (
          <Alert severity="info">{t('posMember.notAllowed')}</Alert>
        ) : (
          <>
            <TextField
              autoFocus
              fullWidth
              label={t('posMember.search')}
              helperText={t('posMember.searchHint')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return
                event.preventDefault()
                void enter()
              }}
              slotProps={{ htmlInput: { autoComplete: 'off', 'data-testid': 'pos-member-search' } }}
              sx={{ mt: 1 }}
            />
            {members.isFetching && (
              <Stack direction="row" sx={{ py: 2, justifyContent: 'center' }}>
                <CircularProgress size={24} />
              </Stack>
            )}
            {members.isError && <Alert severity="error">{refusalOf(members.error).message}</Alert>}
            {members.isSuccess && !members.isFetching && list.length === 0 && (
              <Typography sx={{ py: 2 }} color="text.secondary" data-testid="pos-member-none">
                {t('posMember.none')}
              </Typography>
            )}
            <List dense>
              {list.map((member) => (
                <ListItemButton key={member._id} onClick={() => pick(member)} data-testid={`pos-member-${member._id}`}>
                  <ListItemText
                    primary={member.name || customerName(member) || member.email || member._id}
                    secondary={[
                      member.phone,
                      member.email,
                      typeof member.points === 'number' ? t('posMember.points', { points: member.points }) : ''
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {guest && (
          <Button onClick={() => pick(null)} data-testid="pos-member-guest">
            {t('posMember.guest')}
          </Button>
        )}
        <Button onClick={close}>{t('editor.cancel')}</Button>
      </DialogActions>
    </Dialog>
  )
}
