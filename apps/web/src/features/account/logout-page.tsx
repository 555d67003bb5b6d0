import { useEffect } from 'react'
import { Box, CircularProgress, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { signOut } from '../../lib/auth'
import { errorMessage } from '../../lib/errors'
import { useT } from '../../lib/i18n/i18n'
import { notifyError } from '../../lib/notify'
import { clearShops } from '../../lib/shop'

/** Logout clears the user, the current shop and the shop list (spec §4.4), then shows the login page. */
export const LogoutPage = () => {
  const { t } = useT()
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    let cancelled = false
    void signOut()
      .catch((error: unknown) => notifyError(errorMessage(error)))
      .finally(() => {
        clearShops(queryClient)
        queryClient.clear()
        if (!cancelled) router.history.replace('/login')
      })
    return () => {
      cancelled = true
    }
  }, [queryClient, router])
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', gap: 2 }}>
      <CircularProgress />
      <Typography>{t('auth.loggingOut')}</Typography>
    </Box>
  )
}
