import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  servicePaths,
  type JobsStatus,
  type OperatorActionData,
  type OperatorShopQuery,
  type Plan,
  type PlanData,
  type PlanPatch
} from '@emporia/shared'
import { queryKeys } from '../../lib/query-keys'
import { typedService } from '../../lib/resource-client'

/*
 * The operator console's calls (decision 0131): none is shop-scoped, so no shop goes in the query. The
 * services answer operators only; anyone else gets 403 `errors.notOperator`.
 */

export const PAGE_SIZE = 25

/** One page of the shops, searched and filtered. */
export const useOperatorShops = (query: OperatorShopQuery) =>
  useQuery({
    queryKey: queryKeys.find(servicePaths.operatorShops, query),
    placeholderData: keepPreviousData,
    queryFn: async () => (await typedService(servicePaths.operatorShops)).find({ query })
  })

/** One page of the operator log, newest first. */
export const useOperatorLog = (page: number) => {
  const query = { $limit: PAGE_SIZE, $skip: page * PAGE_SIZE }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.operatorActions, query),
    placeholderData: keepPreviousData,
    queryFn: async () => (await typedService(servicePaths.operatorActions)).find({ query })
  })
}

/** Every plan, retired ones too, by rank. */
export const useAllPlans = () => {
  const query = { all: true }
  return useQuery({
    queryKey: queryKeys.find(servicePaths.plans, query),
    queryFn: async () => (await typedService(servicePaths.plans)).find({ query }) as Promise<Plan[]>
  })
}

/** After an action, the shops, the log and the plans are asked again. */
const useRefresh = () => {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [servicePaths.operatorShops, servicePaths.operatorActions, servicePaths.plans].map((path) =>
        queryClient.invalidateQueries({ queryKey: queryKeys.service(path) })
      )
    )
}

/** Extends a trial or grants a plan (one transaction on the server, recorded in the log). */
export const useOperatorAction = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (data: OperatorActionData) => (await typedService(servicePaths.operatorActions)).create(data),
    onSuccess: refresh
  })
}

/** Creates a plan, or patches one (its code never changes). */
export const useSavePlan = () => {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ id, plan }: { id: string; plan: PlanPatch } | { id?: undefined; plan: PlanData }) => {
      const service = await typedService(servicePaths.plans)
      return id ? service.patch(id, plan as PlanPatch) : service.create(plan as PlanData)
    },
    onSuccess: refresh
  })
}

/** The job queue's state: each queue's jobs by state and the latest failures (decision 0145). */
export const useOperatorJobs = () =>
  useQuery({
    queryKey: queryKeys.find(servicePaths.operatorJobs, {}),
    queryFn: async () => (await typedService(servicePaths.operatorJobs)).find({}) as Promise<JobsStatus>
  })
