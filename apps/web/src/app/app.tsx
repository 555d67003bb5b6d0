import { useState } from 'react'
import { RouterProvider } from '@tanstack/react-router'
import '../lib/i18n/i18n'
import { createAppRouter } from './router/router'
import { Providers, useStableQueryClient } from './providers'

export const App = () => {
  const queryClient = useStableQueryClient()
  const [router] = useState(() => createAppRouter(queryClient))
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}
