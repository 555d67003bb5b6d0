import { Box, MenuItem, Select, Stack, Typography } from '@mui/material'
import Cloud from '@mui/icons-material/Cloud'
import CloudOff from '@mui/icons-material/CloudOff'
import Wifi from '@mui/icons-material/Wifi'
import WifiOff from '@mui/icons-material/WifiOff'
import { locales, type LocaleId } from '@emporia/shared'
import { useAppNavigate } from '../../components/ui/app-link'
import { useSession } from '../../lib/auth'
import { useConnection } from '../../lib/connection'
import { useDeviceOnline } from '../../lib/device-online'
import { formatDateTime } from '../../lib/format'
import { changeLanguage, useT } from '../../lib/i18n/i18n'
import { resolveText } from '../../lib/i18n/translatable'
import { useCurrentShopId, useShops } from '../../lib/shop'
import { InvitationsEntry } from '../../components/invitations/invitations-entry'

const StatusLine = ({
  ok,
  icon,
  label,
  detail,
  testId
}: {
  ok: boolean
  icon: React.ReactNode
  label: string
  detail?: string
  testId: string
}) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={testId} data-state={ok ? 'online' : 'offline'}>
    <Box sx={{ color: ok ? 'success.main' : 'error.main', display: 'flex' }}>{icon}</Box>
    <Typography variant="caption">
      {label}
      {detail && (
        <Box component="span" sx={{ color: 'text.secondary' }} data-testid={`${testId}-detail`}>
          {' '}
          {detail}
        </Box>
      )}
    </Typography>
  </Stack>
)

/** Device and server status with latency and last disconnect, language menu, shop switcher (spec §2.4). */
export const DrawerFooter = ({ mini }: { mini: boolean }) => {
  const { t, language } = useT()
  const online = useDeviceOnline()
  const connection = useConnection()
  const session = useSession()
  const signedIn = session.status === 'signed-in'
  const shops = useShops(signedIn).data ?? []
  const currentShop = useCurrentShopId()
  const navigate = useAppNavigate()

  const serverOnline = connection.status === 'connected'
  const deviceLabel = `${t('status.device')}: ${online ? t('status.online') : t('status.offline')}`
  const serverLabel = `${t('status.server')}: ${serverOnline ? t('status.online') : t('status.offline')}`
  const latency =
    serverOnline && connection.latencyMs !== undefined ? t('status.latency', { ms: connection.latencyMs }) : undefined
  const lastDisconnect = connection.lastDisconnectAt
    ? t('status.lastDisconnect', { time: formatDateTime(connection.lastDisconnectAt, language) })
    : undefined

  if (mini) {
    return (
      <Stack spacing={1} sx={{ py: 1, alignItems: 'center' }}>
        <Box
          title={deviceLabel}
          data-testid="device-status"
          data-state={online ? 'online' : 'offline'}
          sx={{ color: online ? 'success.main' : 'error.main', display: 'flex' }}
        >
          {online ? <Wifi /> : <WifiOff />}
        </Box>
        <Box
          title={[serverLabel, latency, lastDisconnect].filter(Boolean).join(' · ')}
          data-testid="server-status"
          data-state={serverOnline ? 'online' : 'offline'}
          sx={{ color: serverOnline ? 'success.main' : 'error.main', display: 'flex' }}
        >
          {serverOnline ? <Cloud /> : <CloudOff />}
        </Box>
      </Stack>
    )
  }

  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <StatusLine
        ok={online}
        icon={online ? <Wifi fontSize="small" /> : <WifiOff fontSize="small" />}
        label={deviceLabel}
        testId="device-status"
      />
      <StatusLine
        ok={serverOnline}
        icon={serverOnline ? <Cloud fontSize="small" /> : <CloudOff fontSize="small" />}
        label={serverLabel}
        detail={latency}
        testId="server-status"
      />
      {lastDisconnect && (
        <Typography variant="caption" color="text.secondary" data-testid="last-disconnect">
          {lastDisconnect}
        </Typography>
      )}
      <Select
        size="small"
        value={language}
        onChange={(event) => void changeLanguage(event.target.value as LocaleId)}
        inputProps={{ 'aria-label': t('language.label'), 'data-testid': 'language-select' }}
        SelectDisplayProps={{ 'data-testid': 'language-menu' } as object}
      >
        {locales.map((locale) => (
          <MenuItem key={locale.id} value={locale.id} data-testid={`language-${locale.id}`}>
            {locale.name}
          </MenuItem>
        ))}
      </Select>
      {shops.length > 1 && (
        <Select
          size="small"
          value={currentShop ?? ''}
          // Switching shop goes to that shop's dashboard (spec §2.4).
          onChange={(event) => navigate(`/${event.target.value}/dashboard`)}
          inputProps={{ 'aria-label': t('shop.switch') }}
          SelectDisplayProps={{ 'data-testid': 'shop-switcher' } as object}
        >
          {shops.map((shop) => (
            <MenuItem key={shop._id} value={shop._id} data-testid={`shop-option-${shop._id}`}>
              {resolveText(shop.name, language, t as (key: string) => string)}
            </MenuItem>
          ))}
        </Select>
      )}
      {signedIn && <InvitationsEntry />}
    </Stack>
  )
}
