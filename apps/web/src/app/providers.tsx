import { useEffect, useState, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { client } from '../lib/feathers-client'

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // Realtime events keep results current; focus refetches would only add load.
      queries: { refetchOnWindowFocus: false, retry: 1 }
    }
  })

export const Providers = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient)

  useEffect(() => {
    // Events sent while the socket was away (or before sign-in) were missed: refetch what is on screen.
    const onLogin = () => void queryClient.invalidateQueries()
    // Nothing one account could see may be shown to the next one.
    const onLogout = () => queryClient.clear()
    client.on('login', onLogin)
    client.on('logout', onLogout)
    return () => {
      client.removeListener('login', onLogin)
      client.removeListener('logout', onLogout)
    }
  }, [queryClient])

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
