import { useEffect } from 'react'
import { Alert, Button, Snackbar } from '@mui/material'
import { dismissNotice, useNotices, type Notice } from '../../lib/notify'
import { useT } from '../../lib/i18n/i18n'

/** How long a success stays before it closes by itself; an error stays until closed (spec §8.1). */
export const SUCCESS_HIDE_MS = 3000

const NoticeSnackbar = ({ notice }: { notice: Notice }) => {
  const { t } = useT()
  const close = () => dismissNotice(notice.kind)
  return (
    <Snackbar
      open
      autoHideDuration={notice.kind === 'success' ? SUCCESS_HIDE_MS : null}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      // At the top (spec §8.1), but below the top bar, so the page title stays visible (decision 0065).
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ mt: 6 }}
    >
      <Alert
        severity={notice.kind}
        variant="filled"
        data-testid={`${notice.kind}-snackbar`}
        sx={{ alignItems: 'center', maxWidth: 720 }}
        action={
          <Button color="inherit" size="small" onClick={close} data-testid={`${notice.kind}-snackbar-close`}>
            {t('basic.close')}
          </Button>
        }
      >
        {notice.text}
      </Alert>
    </Snackbar>
  )
}

/**
 * The app's message (spec §8.1) with a Close button: one at a time, the newest replacing whatever
 * was still shown, so an old error never stays stacked under a newer success.
 */
export const Snackbars = () => {
  const { error, success } = useNotices()
  const newest = error && success ? (error.id > success.id ? error : success) : (error ?? success)
  const stale = error && success ? (newest === error ? success : error) : undefined
  useEffect(() => {
    if (stale) dismissNotice(stale.kind)
  }, [stale])
  // A new message is a new snackbar (its own timer), never the old one with new text.
  return newest ? <NoticeSnackbar key={newest.id} notice={newest} /> : null
}
