import { useState } from 'react'
import { Box, Chip, Collapse, Divider, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material'
import LockOutlined from '@mui/icons-material/LockOutlined'
import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import { useLocation } from '@tanstack/react-router'
import { resolveText } from '../../lib/i18n/translatable'
import { AppLink } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { useFeatures } from '../../lib/features'
import { useT } from '../../lib/i18n/i18n'
import { stripShop } from '../../lib/route-prefix'
import { useCurrentShop } from '../../lib/shop'
import { DrawerFooter } from './drawer-footer'
import { buildMenu, currentHref, type MenuItem } from './menu'
import { menuIcons } from './menu-icons'

/** Spec §2.4: 250 px wide, 80 px in mini mode. */
export const DRAWER_WIDTH = 250
export const DRAWER_MINI_WIDTH = 80

interface EntryProps {
  item: MenuItem
  mini: boolean
  depth: number
  /** The href of the entry the page belongs to (currentHref), if any. */
  current: string | undefined
}

const MenuEntry = ({ item, mini, depth, current }: EntryProps) => {
  const { tAny } = useT()
  const label = tAny(item.label)
  const isCurrent = item.href !== undefined && current === item.href
  const [open, setOpen] = useState(() => Boolean(item.children?.some((child) => child.href && child.href === current)))
  const subtitle = item.subtitle ? tAny(item.subtitle.key, item.subtitle.values) : undefined
  const button = (
    <ListItemButton
      data-testid={`menu-${item.key}`}
      {...(item.href && !item.disabled ? { component: AppLink, href: item.href } : {})}
      onClick={item.children ? () => setOpen((value) => !value) : undefined}
      disabled={item.disabled}
      selected={isCurrent}
      aria-expanded={item.children ? open : undefined}
      title={mini ? label : undefined}
      sx={{ pl: mini ? 3.5 : 2 + depth * 2, minHeight: 44 }}
    >
      <ListItemIcon sx={{ minWidth: mini ? 0 : 40, position: 'relative' }}>
        {menuIcons[item.icon]}
        {mini && item.upgrade && (
          <LockOutlined
            sx={{ position: 'absolute', right: -8, bottom: -6, fontSize: 14 }}
            data-testid={`menu-${item.key}-upgrade`}
          />
        )}
      </ListItemIcon>
      {!mini && (
        <ListItemText
          primary={label}
          secondary={subtitle}
          slotProps={{
            secondary: { color: item.subtitle?.alert ? 'error' : undefined, 'data-testid': `menu-${item.key}-subtitle` } as object
          }}
        />
      )}
      {!mini && item.upgrade && (
        // A paid feature off (decision 0129): the page still opens, read-only, with the way to a plan.
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          icon={<LockOutlined />}
          label={tAny('billingPage.upgradeChip')}
          sx={{ ml: 1, height: 22, '& .MuiChip-label': { px: 0.75 } }}
          data-testid={`menu-${item.key}-upgrade`}
        />
      )}
      {!mini && item.children && (open ? <ExpandLess /> : <ExpandMore />)}
    </ListItemButton>
  )
  return (
    <>
      {button}
      {item.children && (
        <Collapse in={open || mini} unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <MenuEntry key={child.key} item={child} mini={mini} depth={depth + 1} current={current} />
            ))}
          </List>
        </Collapse>
      )}
    </>
  )
}

interface AppDrawerProps {
  mini: boolean
  mobile: boolean
  mobileOpen: boolean
  onMobileClose: () => void
}

export const AppDrawer = ({ mini, mobile, mobileOpen, onMobileClose }: AppDrawerProps) => {
  const { t, language } = useT()
  const session = useSession()
  const features = useFeatures()
  const signedIn = session.status === 'signed-in'
  const shop = useCurrentShop(signedIn)
  const pathname = useLocation({ select: (location) => location.pathname })
  const menu = buildMenu({
    signedIn,
    verified: Boolean(session.user?.verified),
    userId: session.user?._id,
    features,
    shop,
    operator: session.user?.operator === true
  })
  const current = currentHref(menu, stripShop(pathname))
  const narrow = mini && !mobile
  const width = narrow ? DRAWER_MINI_WIDTH : DRAWER_WIDTH

  return (
    <Drawer
      variant={mobile ? 'temporary' : 'permanent'}
      open={mobile ? mobileOpen : true}
      onClose={onMobileClose}
      data-testid="drawer"
      data-mini={narrow ? 'true' : 'false'}
      sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' } }}
    >
      <Box sx={{ px: narrow ? 1 : 2, py: 2, display: 'flex', alignItems: 'center', gap: 1, minHeight: 64 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
        {!narrow && (
          <div>
            <Typography variant="h6" sx={{ lineHeight: 1.1 }}>
              {t('app.name')}
            </Typography>
            {shop && (
              <Typography variant="caption" color="text.secondary" data-testid="drawer-shop-name">
                {resolveText(shop.name, language, t as (key: string) => string)}
              </Typography>
            )}
          </div>
        )}
      </Box>
      <Divider />
      <List component="nav" data-testid="drawer-menu" sx={{ flex: 1, overflowY: 'auto' }}>
        {menu.map((item) => (
          <MenuEntry key={item.key} item={item} mini={narrow} depth={0} current={current} />
        ))}
      </List>
      <Divider />
      <DrawerFooter mini={narrow} />
    </Drawer>
  )
}
