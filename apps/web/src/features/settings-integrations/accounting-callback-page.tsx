import { useEffect, useRef, useState } from 'react'
import { Alert, Button, Paper, Stack, Typography } from '@mui/material'
import { errorMessage } from '../../lib/errors'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShopId } from '../../lib/shop'
import { finishAccounting } from './settings-integrations-api'

/**
 * settings/xero/callback (spec §2.2): where the accounting service sends the browser back. The page hands
 * the code and the state to the server, which checks the state is this shop's and this user's, unused and
 * recent, then returns to settings/integrations; a refused attempt says why.
 */
export const AccountingCallbackPage = () => {
  const { t } = useListT()
  const shop = useCurrentShopId()
  const [failure, setFailure] = useState<string | null>(null)
  const sent = useRef(false)
  useEffect(() => {
    if (!shop || sent.current) return
    sent.current = true
    const search = new URLSearchParams(window.location.search)
    const back = () => window.location.replace(`/${shop}/settings/integrations`)
    finishAccounting(search.get('code') ?? '', search.get('state') ?? '').then(back, (error: unknown) =>
      setFailure(errorMessage(error))
    )
  }, [shop])
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 600 }} data-testid="accounting-callback">
      <Stack spacing={2}>
        {failure ? (
          <Alert severity="error" data-testid="accounting-callback-error">
            {failure}
          </Alert>
        ) : (
          <Typography>{t('integrations.connecting')}</Typography>
        )}
        {failure && (
          <Button href={`/${shop}/settings/integrations`} variant="outlined">
            {t('integrations.back')}
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
