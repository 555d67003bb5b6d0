import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { Features } from './feathers-client'

/** When the server cannot say (older server, no features service), registration stays open and the rest off. */
export const DEFAULT_FEATURES: Features = { register: true, inviteCode: false, verify: false, billing: false }

const featuresKey = ['features', 'find'] as const

const loadFeatures = async (): Promise<Features> => {
  try {
    // Public and read before anyone signs in: plain REST, so the login page needs no socket client.
    const response = await fetch('/api/features', { headers: { accept: 'application/json' } })
    if (!response.ok) return DEFAULT_FEATURES
    return { ...DEFAULT_FEATURES, ...((await response.json()) as Partial<Features>) }
  } catch {
    return DEFAULT_FEATURES
  }
}

export const fetchFeatures = (queryClient: QueryClient) =>
  queryClient.ensureQueryData({ queryKey: featuresKey, queryFn: loadFeatures, staleTime: Infinity })

/** The server's answer, or undefined until it has come (for pages that must not show a default first). */
export const useLoadedFeatures = (): Features | undefined =>
  useQuery({ queryKey: featuresKey, queryFn: loadFeatures, staleTime: Infinity }).data

export const useFeatures = (): Features =>
  useQuery({ queryKey: featuresKey, queryFn: loadFeatures, staleTime: Infinity }).data ?? DEFAULT_FEATURES
