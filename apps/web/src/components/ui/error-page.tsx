import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Box, Button, Typography } from '@mui/material'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { AppLink } from './app-link'
import { errorMessage, errorStatus } from '../../lib/errors'
import { i18n, useT } from '../../lib/i18n/i18n'

interface ErrorViewProps {
  status: number
  message: string
}

/** Status code and message; a Homepage link for 404 (spec §2.15, §8.1). */
const ErrorView = ({ status, message }: ErrorViewProps) => {
  const { t } = useT()
  return (
    <Box data-testid="error-page" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <div>
        <Typography variant="h1" data-testid="error-status" sx={{ fontSize: 96, fontWeight: 700, color: 'text.secondary' }}>
          {status}
        </Typography>
        <Typography variant="h5" component="p" data-testid="error-message" sx={{ mb: 3 }}>
          {message}
        </Typography>
        {status === 404 ? (
          <Button variant="contained" component={AppLink} href="/" data-testid="error-homepage">
            {t('basic.homepage')}
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </Button>
        )}
      </div>
    </Box>
  )
}

interface GuardState {
  failed: boolean
}

/** If showing the error fails too, say so plainly rather than showing a blank page (spec §8.1). */
class ErrorPageGuard extends Component<{ children: ReactNode }, GuardState> {
  override state: GuardState = { failed: false }
  static getDerivedStateFromError(): GuardState {
    return { failed: true }
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the console for whoever debugs it; the page itself shows the fixed text.
    console.warn('The error page failed', error, info.componentStack)
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <p data-testid="error-page-failed" style={{ padding: 24 }}>
        {i18n.t('error.errorPageFailed')}
      </p>
    )
  }
}

const ErrorContent = ({ error }: { error: unknown }) => {
  const status = errorStatus(error)
  return <ErrorView status={status} message={errorMessage(error)} />
}

export const ErrorPage = ({ error }: ErrorComponentProps) => (
  <ErrorPageGuard>
    <ErrorContent error={error} />
  </ErrorPageGuard>
)

export const NotFoundPage = () => {
  const { t } = useT()
  return <ErrorView status={404} message={t('error.notFound')} />
}
