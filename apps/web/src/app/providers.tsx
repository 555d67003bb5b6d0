import { useEffect, useState, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { onAuthEvent } from '../lib/auth'
import { clearShops } from '../lib/shop'

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // Realtime events keep results current; focus refetches would only add load.
      queries: { refetchOnWindowFocus: false, retry: 1 }
    }
  })

export const Providers = ({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) => {
  useEffect(() => {
    return onAuthEvent((event) => {
      // Events sent while the socket was away (or before sign-in) were missed: refetch what is on screen.
      if (event === 'login') return void queryClient.invalidateQueries()
      // Nothing one account could see may be shown to the next one (spec §4.4: user, shop and shop list go).
      clearShops(queryClient)
      queryClient.clear()
    })
  }, [queryClient])

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/** For screens that need the query client outside React (the router's steps). */
export const useStableQueryClient = () => useState(createQueryClient)[0]
