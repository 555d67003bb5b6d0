import { useState } from 'react'
import { RouterProvider } from '@tanstack/react-router'
import { addMessageSource } from '../lib/i18n/i18n'
import { createAppRouter } from './router/router'
import { Providers, useStableQueryClient } from './providers'

// The features' own messages arrive with the app's (decision 0075).
addMessageSource(() => import('./screen-messages').then(({ screenMessages }) => screenMessages))

export const App = () => {
  const queryClient = useStableQueryClient()
  const [router] = useState(() => createAppRouter(queryClient))
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}
