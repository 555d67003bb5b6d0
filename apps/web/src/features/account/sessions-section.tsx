import { useState } from 'react'
import { Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserSession } from '@emporia/shared'
import { ConfirmDialog } from '../../components/editor/confirm-dialog'
import { signOut } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { formatDateTime } from '../../lib/format'
import { useListT } from '../../lib/i18n/lists'
import { notifyError, notifySuccess } from '../../lib/notify'
import { endSession, listSessions } from './api'
import { deviceName } from './device-name'

const SESSIONS_KEY = ['account', 'sessions']

/** "Where you're signed in" (decision 0136): each device with its times, one signed out, or all. */
export const SessionsSection = () => {
  const { t, language } = useListT()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const query = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => listSessions() as Promise<UserSession[]> })

  const end = async (id: string | null, current: boolean) => {
    if (busy) return
    setBusy(true)
    try {
      await endSession(id)
      notifySuccess(t('sessions.signedOut'))
      // This device's own session ended: the server drops the socket; sign out here as well.
      if (current) await signOut()
      else await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })
    } catch (error) {
      notifyError(errorMessage(error))
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <Card variant="outlined" sx={{ maxWidth: 560, mt: 2 }} data-testid="sessions-section">
      <CardContent>
        <Typography variant="h6">{t('sessions.title')}</Typography>
        {query.isError && <Typography color="error">{t('sessions.loadFailed')}</Typography>}
        <List dense data-testid="sessions-list">
          {(query.data ?? []).map((session) => (
            <ListItem
              key={session._id}
              data-testid="session-row"
              data-current={session.current ? 'true' : undefined}
              secondaryAction={
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() => void end(session._id, session.current)}
                  data-testid="session-end"
                >
                  {t('sessions.signOut')}
                </Button>
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{deviceName(session.userAgent) ?? t('sessions.unknownDevice')}</span>
                    {session.current && <Chip size="small" color="primary" label={t('sessions.thisDevice')} />}
                  </Stack>
                }
                secondary={[
                  session.address,
                  t('sessions.since', { date: formatDateTime(session.createdAt, language) }),
                  t('sessions.lastSeen', { date: formatDateTime(session.lastSeenAt, language) })
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
        <Button color="error" onClick={() => setConfirming(true)} data-testid="sessions-end-all">
          {t('sessions.signOutEverywhere')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('sessions.everywhereTitle')}
        text={t('sessions.everywhereText')}
        confirmText={t('sessions.signOutEverywhere')}
        busy={busy}
        onConfirm={() => void end(null, true)}
        onClose={() => setConfirming(false)}
      />
    </Card>
  )
}
