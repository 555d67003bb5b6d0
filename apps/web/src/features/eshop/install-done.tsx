import { Alert, Button, Link, Paper, Stack, Typography } from '@mui/material'
import type { ThemeInstallResult } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { SellReadinessPanel } from './sell-readiness-panel'

interface InstallDoneProps {
  result: ThemeInstallResult
  onDashboard: () => void
  onAgain: () => void
}

/**
 * The storefront is published: its address `{subdomain}.{PUBLIC_HOST}` and the `/s/{subdomain}/` fallback,
 * and whether customers can buy yet (decision 0152).
 */
export const InstallDone = ({ result, onDashboard, onAgain }: InstallDoneProps) => {
  const { t } = useListT()
  const fallback = `${window.location.origin}${result.path}`
  const address = result.host ? `${window.location.protocol}//${result.host}/` : fallback
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="wizard-done">
      <Stack spacing={2}>
        <Alert severity="success">
          <Typography variant="h6" component="h2">
            {t('wizard.done')}
          </Typography>
          {t('wizard.doneBody')}
        </Alert>
        <SellReadinessPanel />
        <Typography>
          {t('wizard.address')}:{' '}
          <Link href={address} target="_blank" rel="noopener" data-testid="wizard-storefront-address">
            {address}
          </Link>
        </Typography>
        {result.host && (
          <Typography>
            {t('wizard.fallback')}:{' '}
            <Link href={fallback} target="_blank" rel="noopener" data-testid="wizard-storefront-fallback">
              {fallback}
            </Link>
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" href={fallback} target="_blank" rel="noopener" data-testid="wizard-open">
            {t('wizard.open')}
          </Button>
          <Button variant="outlined" onClick={onDashboard} data-testid="wizard-dashboard">
            {t('wizard.dashboard')}
          </Button>
          <Button onClick={onAgain} data-testid="wizard-again">
            {t('wizard.again')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  )
}
