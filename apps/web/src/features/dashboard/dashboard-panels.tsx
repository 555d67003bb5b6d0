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
import { canOpen, type Area } from '@emporia/shared'

// The low-stock list and its texts load only for a shop with the reminder on; sales and orders with their own code.
const LowStockPanel = lazy(() => import('./low-stock-panel').then((m) => ({ default: m.LowStockPanel })))
const SalesPanel = lazy(() => import('./sales-panel').then((m) => ({ default: m.SalesPanel })))
const RecentOrdersPanel = lazy(() => import('./recent-orders-panel').then((m) => ({ default: m.RecentOrdersPanel })))
const ReferralsPanel = lazy(() => import('./referrals-panel').then((m) => ({ default: m.ReferralsPanel })))
const CommentsPanel = lazy(() => import('./comments-panel').then((m) => ({ default: m.CommentsPanel })))

interface PanelSpec {
  key: string
  title: MessageKey
  empty: MessageKey
  icon: ReactNode
  wide?: boolean
  /** Shown only to those who may read what it shows (the shared permission table). */
  area?: Area
}

// Low stock (decision 0040), sales and orders (0082), visits (0194) and comments (0193) are live; each
// says what it will show while it has nothing, which is the truth for a new shop.
const panels: PanelSpec[] = [
  { key: 'sales', title: 'dashboard.sales', empty: 'dashboard.salesEmpty', icon: <ShowChart />, wide: true, area: 'charts' },
  {
    key: 'recentOrders',
    title: 'dashboard.recentOrders',
    empty: 'dashboard.recentOrdersEmpty',
    icon: <Receipt />,
    wide: true,
    area: 'orders'
  },
  { key: 'lowStock', title: 'dashboard.lowStock', empty: 'dashboard.lowStockEmpty', icon: <Inventory /> },
  { key: 'referrals', title: 'dashboard.referrals', empty: 'dashboard.referralsEmpty', icon: <Travel />, area: 'charts' },
  { key: 'comments', title: 'dashboard.comments', empty: 'dashboard.commentsEmpty', icon: <Comment />, area: 'products' }
]

/** The five dashboard panels of spec §2.7, each with its empty state. */
export const DashboardPanels = () => {
  const { t } = useT()
  const { user } = useSession()
  const shop = useCurrentShop(Boolean(user))
  const empty = (panel: PanelSpec) => <EmptyState icon={panel.icon} text={t(panel.empty)} testId={`panel-${panel.key}-empty`} />
  const allowed = (area: Area) => Boolean(shop) && canOpen(area, shop!, user?._id)
  const content = (panel: PanelSpec) => {
    const live =
      panel.key === 'lowStock' && shop?.lowStock ? (
        <LowStockPanel shop={shop} />
      ) : panel.key === 'sales' && shop ? (
        <SalesPanel shop={shop} chartsLink={allowed('charts')} />
      ) : panel.key === 'recentOrders' && shop ? (
        <RecentOrdersPanel shopId={shop._id} />
      ) : panel.key === 'referrals' && shop ? (
        <ReferralsPanel shopId={shop._id} />
      ) : panel.key === 'comments' && shop ? (
        <CommentsPanel shopId={shop._id} />
      ) : undefined
    return live ? <Suspense fallback={empty(panel)}>{live}</Suspense> : empty(panel)
  }
  return (
    <Grid container spacing={2}>
      {panels
        .filter((panel) => !panel.area || allowed(panel.area))
        .map((panel) => (
          <Grid key={panel.key} size={{ xs: 12, md: panel.wide ? 6 : 4 }}>
            <Card variant="outlined" data-testid={`panel-${panel.key}`} sx={{ height: '100%' }}>
              <CardHeader title={t(panel.title)} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} />
              <CardContent>{content(panel)}</CardContent>
            </Card>
          </Grid>
        ))}
    </Grid>
  )
}
