import { AppBar, IconButton, Toolbar, Typography } from '@mui/material'
import Fullscreen from '@mui/icons-material/Fullscreen'
import FullscreenExit from '@mui/icons-material/FullscreenExit'
import MenuIcon from '@mui/icons-material/Menu'
import MenuOpen from '@mui/icons-material/MenuOpen'
import { PressButton } from '../../components/ui/press-button'
import { useT } from '../../lib/i18n/i18n'
import type { PageAction } from '../../lib/page-options'
import { useFullscreen } from './fullscreen'

interface TopBarProps {
  title?: string
  actions?: PageAction[]
  mini: boolean
  mobile: boolean
  showMenuButton: boolean
  onMenu: () => void
}

/** Title, the page's action buttons and the fullscreen toggle (spec §2.5). */
export const TopBar = ({ title, actions = [], mini, mobile, showMenuButton, onMenu }: TopBarProps) => {
  const { t } = useT()
  const fullscreen = useFullscreen()
  const menuLabel = mobile ? t('menu.open') : mini ? t('menu.expand') : t('menu.collapse')
  return (
    <AppBar
      position="sticky"
      color="default"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar>
        {showMenuButton && (
          <IconButton edge="start" onClick={onMenu} aria-label={menuLabel} data-testid="drawer-toggle" sx={{ mr: 1 }}>
            {mini || mobile ? <MenuIcon /> : <MenuOpen />}
          </IconButton>
        )}
        <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }} data-testid="page-title">
          {title}
        </Typography>
        {actions.map((action) => (
          <PressButton
            key={action.key}
            label={action.label}
            icon={action.icon}
            badge={action.badge}
            onShortPress={action.onShortPress}
            onLongPress={action.onLongPress}
            testId={`action-${action.key}`}
          />
        ))}
        <IconButton
          onClick={fullscreen.toggle}
          aria-label={fullscreen.active ? t('topbar.exitFullscreen') : t('topbar.fullscreen')}
          title={fullscreen.active ? t('topbar.exitFullscreen') : t('topbar.fullscreen')}
          data-testid={fullscreen.active ? 'fullscreen-exit' : 'fullscreen-enter'}
        >
          {fullscreen.active ? <FullscreenExit /> : <Fullscreen />}
        </IconButton>
      </Toolbar>
    </AppBar>
  )
}
