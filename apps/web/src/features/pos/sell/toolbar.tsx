import { useEffect, useState } from 'react'
import { Badge, Button, Chip, ListItemText, Menu, MenuItem, Typography } from '@mui/material'
import MenuIcon from '@mui/icons-material/Menu'
import { useListT, type AnyMessageKey } from '../../../lib/i18n/lists'

/*
 * The till's actions (spec §2.13; decisions 0098, 0143). The counter shows only what every sale needs (new
 * order, charge); the rest sits in one "More" menu, each item with its function key, and every function key
 * works whether the menu is open or not, so a cash sale needs no mouse: F2 new order, F4 hold, F6 held
 * orders, F7 member, F8 clear, F9 charge, F10 print; the F-keys the browser keeps for itself (F1 help,
 * F3 find, F5 reload, F11, F12) are left alone.
 */

export interface TillAction {
  id: string
  /** A message key, or the text itself when `text` is set. */
  label: AnyMessageKey
  text?: string
  onClick: () => void
  keyName?: 'F2' | 'F4' | 'F6' | 'F7' | 'F8' | 'F9' | 'F10'
  disabled?: boolean
  badge?: number
  /** On the counter itself (drawn by the till), not in the menu. */
  main?: boolean
}

/** Runs an action by its function key, wherever the focus is. */
export const useTillKeys = (actions: TillAction[]) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = actions.find((a) => a.keyName === event.key)
      if (!action || action.disabled) return
      event.preventDefault()
      action.onClick()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [actions])
}

/** The "More" button and its menu: the secondary actions, 48 px rows; on a phone the button is its icon. */
export const TillMenu = (props: { actions: TillAction[]; iconOnly?: boolean }) => {
  const { t } = useListT()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const items = props.actions.filter((action) => !action.main)
  const badge = items.reduce((sum, action) => sum + (action.badge ?? 0), 0)
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        data-testid="pos-menu"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={props.iconOnly ? t('pos.sell.more') : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={
          props.iconOnly ? undefined : (
            <Badge color="secondary" badgeContent={badge || undefined}>
              <MenuIcon />
            </Badge>
          )
        }
        sx={{ minHeight: 48, minWidth: 48, whiteSpace: 'nowrap', flexShrink: 0, px: props.iconOnly ? 1 : undefined }}
      >
        {props.iconOnly ? (
          <Badge color="secondary" badgeContent={badge || undefined}>
            <MenuIcon />
          </Badge>
        ) : (
          t('pos.sell.more')
        )}
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        data-testid="pos-menu-list"
        slotProps={{ paper: { sx: { maxHeight: 'calc(100vh - 80px)', minWidth: 280 } } }}
      >
        {items.map((action) => (
          <MenuItem
            key={action.id}
            disabled={action.disabled}
            data-testid={`pos-${action.id}`}
            onClick={() => {
              setAnchor(null)
              action.onClick()
            }}
            sx={{ gap: 2, '&&': { minHeight: 48 } }}
          >
            <ListItemText>{action.text ?? t(action.label)}</ListItemText>
            {action.badge ? <Chip size="small" color="secondary" label={action.badge} /> : null}
            {action.keyName ? (
              <Typography variant="body2" color="text.secondary">
                {action.keyName}
              </Typography>
            ) : null}
          </MenuItem>
        ))}
      </Menu>
    </>
  )
}
