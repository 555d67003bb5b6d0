import { Alert, Button, Snackbar } from '@mui/material'
import { dismissNotice, useNotices, type Notice } from '../../lib/notify'
import { useT } from '../../lib/i18n/i18n'

const NoticeSnackbar = ({ notice, kind }: { notice?: Notice; kind: Notice['kind'] }) => {
  const { t } = useT()
  const close = () => dismissNotice(kind)
  return (
    <Snackbar
      key={notice?.id}
      open={Boolean(notice)}
      // Errors stay until closed; a success fades by itself.
      autoHideDuration={kind === 'success' ? 4000 : null}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={kind === 'success' ? { mt: 8 } : undefined}
    >
      <Alert
        severity={kind}
        variant="filled"
        data-testid={`${kind}-snackbar`}
        action={
          <Button color="inherit" size="small" onClick={close} data-testid={`${kind}-snackbar-close`}>
            {t('basic.close')}
          </Button>
        }
      >
        {notice?.text}
      </Alert>
    </Snackbar>
  )
}

/** The error and success message slots (spec §8.1): at the top, each with a Close button. */
export const Snackbars = () => {
  const notices = useNotices()
  return (
    <>
      <NoticeSnackbar notice={notices.error} kind="error" />
      <NoticeSnackbar notice={notices.success} kind="success" />
    </>
  )
}
