import { Card, CardContent, CardHeader, Grid } from '@mui/material'
import Inventory from '@mui/icons-material/Inventory2Outlined'
import Receipt from '@mui/icons-material/ReceiptLongOutlined'
import ShowChart from '@mui/icons-material/ShowChart'
import Travel from '@mui/icons-material/TravelExplore'
import Comment from '@mui/icons-material/ChatBubbleOutlineOutlined'
import { lazy, Suspense, type ReactNode } from 'react'
import { EmptyState } from '../../components/ui/empty-state'
import { useSession } from '../../lib/auth'
import type { MessageKey } from '../../lib/i18n/resources/en'
import { useT } from '../../lib/i18n/i18n'
import { useCurrentShop } from '../../lib/shop'

// The low-stock list and its texts load only for a shop with the reminder on.
const LowStockPanel = lazy(() => import('./low-stock-panel').then((m) => ({ default: m.LowStockPanel })))

interface PanelSpec {
  key: string
  title: MessageKey
  empty: MessageKey
  icon: ReactNode
  wide?: boolean
}

// The services behind most panels (orders, visits, comments) are not built yet; until then
// each says what it will show, which is the truth for a new shop. Low stock is live (decision 0040).
const panels: PanelSpec[] = [
  { key: 'sales', title: 'dashboard.sales', empty: 'dashboard.salesEmpty', icon: <ShowChart />, wide: true },
  { key: 'recentOrders', title: 'dashboard.recentOrders', empty: 'dashboard.recentOrdersEmpty', icon: <Receipt />, wide: true },
  { key: 'lowStock', title: 'dashboard.lowStock', empty: 'dashboard.lowStockEmpty', icon: <Inventory /> },
  { key: 'referrals', title: 'dashboard.referrals', empty: 'dashboard.referralsEmpty', icon: <Travel /> },
  { key: 'comments', title: 'dashboard.comments', empty: 'dashboard.commentsEmpty', icon: <Comment /> }
]

/** The five dashboard panels of spec §2.7, each with its empty state. */
export const DashboardPanels = () => {
  const { t } = useT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const empty = (panel: PanelSpec) => <EmptyState icon={panel.icon} text={t(panel.empty)} testId={`panel-${panel.key}-empty`} />
  return (
    <Grid container spacing={2}>
      {panels.map((panel) => (
        <Grid key={panel.key} size={{ xs: 12, md: panel.wide ? 6 : 4 }}>
          <Card variant="outlined" data-testid={`panel-${panel.key}`} sx={{ height: '100%' }}>
            <CardHeader title={t(panel.title)} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
            <CardContent>
              {panel.key === 'lowStock' && shop?.lowStock ? (
                <Suspense fallback={empty(panel)}>
                  <LowStockPanel shop={shop} />
                </Suspense>
              ) : (
                empty(panel)
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  )
}
