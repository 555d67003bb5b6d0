import type { ReactNode } from 'react'
import {
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme
} from '@mui/material'

export interface RowColumn<R> {
  key: string
  label: string
  cell: (row: R) => ReactNode
  align?: 'right'
  /** Keeps dates and money on one line in the table. */
  nowrap?: boolean
}

interface RowListProps<R> {
  rows: readonly R[]
  columns: readonly RowColumn<R>[]
  rowKey: (row: R) => string
  /** The row's buttons: the table's last column, a card's foot. */
  actions?: (row: R) => ReactNode
  actionsLabel?: string
  testId: string
  /** `data-*` attributes of a row or card (the browser tests find rows by them). */
  rowData?: (row: R) => Record<string, string>
}

/**
 * The console's lists: a table on a wide screen, a card per row on a phone (label and value per
 * column), like the shared data table does for the shop's lists.
 */
export const RowList = <R,>({ rows, columns, rowKey, actions, actionsLabel, testId, rowData }: RowListProps<R>) => {
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('md'))
  if (phone)
    return (
      <Stack spacing={1} sx={{ p: 1 }} data-testid={testId}>
        {rows.map((row) => (
          <Card key={rowKey(row)} variant="outlined" data-testid={`${testId}-row`} {...rowData?.(row)}>
            <CardContent sx={{ pb: actions ? 1 : undefined }}>
              {columns.map((column) => (
                <Stack key={column.key} direction="row" spacing={1} sx={{ py: 0.25, alignItems: 'baseline' }}>
                  <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96, flexShrink: 0 }}>
                    {column.label}
                  </Typography>
                  <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </Typography>
                </Stack>
              ))}
            </CardContent>
            {actions && (
              <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                {actions(row)}
              </Stack>
            )}
          </Card>
        ))}
      </Stack>
    )
  return (
    <TableContainer>
      <Table size="small" data-testid={testId} sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.label}
              </TableCell>
            ))}
            {actions && <TableCell align="right">{actionsLabel}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={`${testId}-row`} {...rowData?.(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.cell(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
                    {actions(row)}
                  </Stack>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
