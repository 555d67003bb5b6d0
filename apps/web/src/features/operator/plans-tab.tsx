import { useState } from 'react'
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material'
import Add from '@mui/icons-material/Add'
import Inventory from '@mui/icons-material/Inventory2Outlined'
import type { LocaleId, Plan } from '@emporia/shared'
import { EmptyState } from '../../components/ui/empty-state'
import { formatMoney } from '../../lib/format/money'
import { useListT } from '../../lib/i18n/lists'
import { LoadState } from './load-state'
import { useAllPlans } from './operator-api'
import { PlanDialog } from './plan-dialog'
import { RowList, type RowColumn } from './row-list'
import { planLabel } from './shop-action-dialog'

/** The plan catalogue by rank, retired plans too; each opens in the editor, and a new one can be made. */
export const PlansTab = () => {
  const { t, language } = useListT()
  const locale = language as LocaleId
  const plans = useAllPlans()
  const [editing, setEditing] = useState<Plan | 'new' | null>(null)
  const rows = [...(plans.data ?? [])].sort((a, b) => a.rank - b.rank || a.code.localeCompare(b.code))
  const columns: RowColumn<Plan>[] = [
    { key: 'rank', label: t('operator.plan.rank'), cell: (plan) => plan.rank },
    {
      key: 'plan',
      label: t('operator.col.plan'),
      cell: (plan) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {planLabel(plan, locale)}
            {!plan.active && <Chip size="small" variant="outlined" label={t('operator.plan.retired')} sx={{ ml: 1 }} />}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {plan.code}
            {plan.offer[locale] ? ` · ${plan.offer[locale]}` : ''}
          </Typography>
        </>
      )
    },
    {
      key: 'price',
      label: t('operator.plan.price'),
      align: 'right',
      nowrap: true,
      cell: (plan) => t('operator.plan.perMonth', { price: formatMoney(Number(plan.priceMonthly)) })
    },
    {
      key: 'period',
      label: t('operator.plan.periodMonths'),
      cell: (plan) => t('operator.plan.period', { months: plan.periodMonths, free: plan.freeMonths })
    },
    {
      key: 'features',
      label: t('operator.plan.features'),
      cell: (plan) => (
        <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {plan.features.map((feature) => (
            <Chip key={feature} size="small" label={t(`planFeature.${feature}`)} />
          ))}
        </Stack>
      )
    }
  ]

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} data-testid="plan-new">
          {t('operator.newPlan')}
        </Button>
      </Box>
      <Paper variant="outlined">
        <LoadState loading={plans.isFetching} error={plans.error} onRetry={() => void plans.refetch()} testId="operator-plans" />
        {plans.data && !rows.length && (
          <EmptyState icon={<Inventory />} text={t('operator.noPlans')} testId="operator-plans-empty" />
        )}
        {rows.length > 0 && (
          <RowList
            rows={rows}
            columns={columns}
            rowKey={(plan) => plan._id}
            rowData={(plan) => ({ 'data-plan': plan.code })}
            actions={(plan) => (
              <Button size="small" onClick={() => setEditing(plan)} data-testid="plan-edit">
                {t('operator.editPlan')}
              </Button>
            )}
            testId="operator-plans"
          />
        )}
      </Paper>
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  )
}
