import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material'
import Edit from '@mui/icons-material/Edit'
import Print from '@mui/icons-material/Print'
import { useParams } from '@tanstack/react-router'
import { servicePaths } from '@emporia/shared'
import { OrderSheet, PrintOnlySheet, ShopHeader } from '../../components/subsequent/order-sheet'
import { useRecord } from '../../components/subsequent/subsequent-api'
import { AppLink } from '../../components/ui/app-link'
import { useListT } from '../../lib/i18n/lists'

/**
 * One bulk order read-only (spec §2.2 `bulkOrders/view/{id}`): its header, lines, payments and
 * totals on an A4 sheet, printed alone by the Print button; Edit opens its editor.
 */
export const BulkOrderViewPage = () => {
  const { t } = useListT()
  const { id } = useParams({ strict: false }) as { id?: string }
  const order = useRecord(servicePaths.bulkOrders, id)
  const record = order.data
  return (
    <Box data-testid="bulk-order-view">
      <PrintOnlySheet />
      <Stack direction="row" spacing={1} sx={{ mb: 2, justifyContent: 'flex-end' }}>
        {record && (
          <Button component={AppLink} href={`/bulkOrders/edit/${record._id}`} startIcon={<Edit />} data-testid="view-edit">
            {t('table.edit')}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<Print />}
          disabled={!record}
          onClick={() => window.print()}
          data-testid="view-print"
        >
          {t('basic.print')}
        </Button>
      </Stack>
      <Paper
        data-print-sheet
        sx={{ maxWidth: '210mm', minHeight: { md: '297mm' }, mx: 'auto', p: { xs: 2, md: '15mm' }, boxSizing: 'border-box' }}
      >
        <ShopHeader />
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('route.bulkOrders/view')}
        </Typography>
        {id && order.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress />
          </Box>
        ) : record ? (
          <OrderSheet order={record} kind="sell" statusPath={servicePaths.bulkOrderStatuses} />
        ) : (
          <Alert severity="info" data-testid="view-missing">
            {t('subsequent.missingOrder')}
          </Alert>
        )}
      </Paper>
    </Box>
  )
}
