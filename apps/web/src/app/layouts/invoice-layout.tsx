import { Box, Button, GlobalStyles } from '@mui/material'
import Print from '@mui/icons-material/Print'
import { Outlet, useMatches, useSearch } from '@tanstack/react-router'
import { useT } from '../../lib/i18n/i18n'

/**
 * The printable invoice (spec §2.2): an A4 sheet (210 × 297 mm). The Print button is hidden with
 * `?noprint` and, through the `noprint` class, when printing.
 */
export const InvoiceLayout = () => {
  const { t } = useT()
  const search = useSearch({ strict: false }) as Record<string, unknown>
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.spec?.name })
  const hidePrint = 'noprint' in search
  return (
    <Box sx={{ bgcolor: '#e0e0e0', minHeight: '100vh', py: 3, '@media print': { bgcolor: '#fff', p: 0 } }}>
      <GlobalStyles styles={{ '@page': { size: 'A4', margin: 0 } }} />
      {!hidePrint && (
        <Box className="noprint" sx={{ textAlign: 'center', mb: 2 }}>
          <Button variant="contained" startIcon={<Print />} onClick={() => window.print()} data-testid="invoice-print">
            {t('basic.print')}
          </Button>
        </Box>
      )}
      <Box
        component="main"
        data-route={routeName}
        data-testid="invoice-sheet"
        sx={{
          width: '210mm',
          minHeight: '297mm',
          mx: 'auto',
          bgcolor: '#fff',
          color: '#000',
          p: '15mm',
          boxShadow: 2,
          boxSizing: 'border-box',
          '@media print': { boxShadow: 'none', m: 0 }
        }}
      >
        <Outlet />
      </Box>
    </Box>
  )
}
