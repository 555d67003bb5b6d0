import { useQuery } from '@tanstack/react-query'
import { List, ListItem, ListItemText, Typography } from '@mui/material'
import Travel from '@mui/icons-material/TravelExplore'
import { servicePaths, type StoreVisitsReport } from '@emporia/shared'
import { EmptyState } from '../../components/ui/empty-state'
import { useListT } from '../../lib/i18n/lists'
import { queryKeys } from '../../lib/query-keys'
import { shopApi } from '../../lib/resource-client'

const DAYS = 7
const SHOWN = 5

/** The first of the last seven days (today included), as the visits report names days (UTC, decision 0194). */
const weekStart = (now = Date.now()) => new Date(now - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10)

/** The dashboard's recent visitors (spec §2.7 referrals): the last 7 days' visits by referring site. */
export const ReferralsPanel = ({ shopId }: { shopId: string }) => {
  const { t } = useListT()
  const query = { from: weekStart() }
  const report = useQuery({
    queryKey: queryKeys.find(servicePaths.storeVisits, { ...query, shop: shopId }),
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<StoreVisitsReport> => shopApi(servicePaths.storeVisits).find(query)
  })
  const referrers = report.data?.referrers.slice(0, SHOWN) ?? []
  if (!report.data?.total)
    return <EmptyState icon={<Travel />} text={t('dashboard.referralsEmpty')} testId="panel-referrals-empty" />
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="referrals-total">
        {t('dashboard.visitsWeek', { count: report.data.total })}
      </Typography>
      <List dense disablePadding data-testid="referrals">
        {referrers.map((row) => (
          <ListItem
            key={row.referrer}
            disableGutters
            data-testid="referral"
            secondaryAction={<Typography sx={{ fontWeight: 600 }}>{t('dashboard.visitCount', { count: row.visits })}</Typography>}
          >
            <ListItemText primary={row.referrer || t('dashboard.direct')} slotProps={{ primary: { noWrap: true } }} />
          </ListItem>
        ))}
      </List>
    </>
  )
}
