import type { ReactNode } from 'react'
import { Alert, Button, LinearProgress } from '@mui/material'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'

/** A list's loading bar and its error with a retry, the same on every tab of the console. */
export const LoadState = ({
  loading,
  error,
  onRetry,
  testId
}: {
  loading: boolean
  error: unknown
  onRetry: () => void
  testId: string
}): ReactNode => {
  const { t } = useListT()
  return (
    <>
      {loading && <LinearProgress data-testid={`${testId}-loading`} />}
      {Boolean(error) && (
        <Alert
          severity="error"
          data-testid={`${testId}-error`}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('operator.retry')}
            </Button>
          }
        >
          {t('operator.loadFailed', { message: errorMessage(error) })}
        </Alert>
      )}
    </>
  )
}
