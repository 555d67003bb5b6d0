import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  MenuItem,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import Print from '@mui/icons-material/Print'
import { useQuery } from '@tanstack/react-query'
import { servicePaths, shopTimeZone, summaryGroupBys, type SummaryGroupBy } from '@emporia/shared'
import { DateRangeFields } from '../../../components/ui/date-range-fields'
import { errorMessage } from '../../../lib/errors'
import { useListT, type AnyMessageKey } from '../../../lib/i18n/lists'
import { usePhone } from '../../../lib/phone'
import { queryKeys } from '../../../lib/query-keys'
import { shopApi } from '../../../lib/resource-client'
import { shopToday } from '../../../lib/sales-summary'
import { useCurrentShop } from '../../../lib/shop'
import { usePeopleNames } from '../../../lib/staff-names'
import { PosSummarySections } from './pos-summary-sections'
import { defaultRange, isEmptySummary, rangeProblem, summaryRequest, type SummaryRange } from './summary-range'

// While printing, only the report shows: the page behind the dialog and the dialog's controls are hidden.
const PRINTING = 'pos-summary-printing'
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        [`body.${PRINTING} #root`]: { display: 'none' },
        [`body.${PRINTING} .MuiDialog-container`]: { display: 'block', height: 'auto' },
        [`body.${PRINTING} .MuiDialog-paper`]: {
          boxShadow: 'none',
          maxHeight: 'none',
          margin: 0,
          maxWidth: 'none',
          width: '100%'
        },
        [`body.${PRINTING} .MuiBackdrop-root, body.${PRINTING} .pos-summary-controls`]: { display: 'none' }
      }
    }}
  />
)

const printReport = () => {
  document.body.classList.add(PRINTING)
  window.addEventListener('afterprint', () => document.body.classList.remove(PRINTING), { once: true })
  window.print()
}

/**
 * The POS summary ("Z") report (spec §2.13; decision 0099): a period of the shop's days, grouped as asked,
 * in the sections order, cash, payment, category and basic; printed with the browser's print.
 */
export const PosSummaryDialog = ({ open, onClose, cashier }: { open: boolean; onClose: () => void; cashier?: string }) => {
  const { t, tAny } = useListT()
  const phone = usePhone()
  const shop = useCurrentShop(open)
  // The report limited to one cashier says whose, by name (decision 0138).
  const cashierName = usePeopleNames().cashier
  // Today in the shop's zone on each opening, once the shop is known; the choices last while it is open.
  const [chosen, setChosen] = useState<SummaryRange>()
  const range = chosen ?? defaultRange(shopToday(shop), cashier)
  const close = () => {
    setChosen(undefined)
    onClose()
  }
  const problem = rangeProblem(range)
  const request = shop && !problem ? summaryRequest(range, shop._id) : undefined
  const result = useQuery({
    queryKey: queryKeys.find(servicePaths.posSummary, request ?? {}),
    enabled: open && Boolean(request),
    queryFn: () => shopApi(servicePaths.posSummary).find({ ...request })
  })
  const set = (patch: Partial<SummaryRange>) => setChosen({ ...range, ...patch })
  const summary = result.data

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth fullScreen={phone} data-testid="pos-summary-dialog">
      {open && printStyles}
      <DialogTitle>
        {t('posReport.title')}
        {shop && (
          <Typography variant="body2" color="text.secondary">
            {range.fromDate} – {range.toDate} · {shopTimeZone(shop)}
            {range.cashier ? ` · ${cashierName(range.cashier)}` : ''}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} className="pos-summary-controls" sx={{ mb: 2 }}>
          <DateRangeFields
            range={range}
            onChange={set}
            labels={{ from: t('posReport.from'), to: t('posReport.to') }}
            testId="pos-summary"
            toError={problem ? tAny(problem.key, problem.values) : undefined}
          />
          <TextField
            select
            size="small"
            label={t('posReport.groupBy')}
            value={range.groupBy}
            onChange={(event) => set({ groupBy: event.target.value as SummaryGroupBy })}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'pos-summary-group' } }}
          >
            {summaryGroupBys.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`posReport.groupBy.${value}` as AnyMessageKey)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {result.isError ? (
          <Alert severity="error" data-testid="pos-summary-error">
            {errorMessage(result.error)}
          </Alert>
        ) : !summary || result.isFetching ? (
          problem ? null : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} data-testid="pos-summary-loading">
              <CircularProgress aria-label={t('posReport.loading')} />
            </Box>
          )
        ) : isEmptySummary(summary) ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="pos-summary-empty">
            {t('posReport.empty')}
          </Typography>
        ) : (
          <PosSummarySections summary={summary} />
        )}
      </DialogContent>
      <DialogActions className="pos-summary-controls">
        <Button
          startIcon={<Print />}
          disabled={!summary || result.isFetching}
          onClick={printReport}
          data-testid="pos-summary-print"
        >
          {t('posReport.print')}
        </Button>
        <Button onClick={close} data-testid="pos-summary-close">
          {t('posReport.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
