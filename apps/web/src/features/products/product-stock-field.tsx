import { useState } from 'react'
import { Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import Inventory from '@mui/icons-material/Inventory2Outlined'
import type { LocaleId, ProductStatus } from '@emporia/shared'
import type { FieldProps } from '../../components/fields/field-types'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { rowId } from '../../lib/resource-client'
import { InventoryOperationDialog } from './inventory-operation-dialog'
import { statusLabels } from './product-labels'
import { useLiveProduct, useRefreshStock, useWarehouses } from './product-api'
import { stockRows } from './product-stock'

/**
 * The product's derived stock per SKU and warehouse (read-only, spec §3.7), live from `products
 * patched`, with the inventory operation per SKU (or for the product when it has no SKUs).
 */
export const ProductStockInput = ({ record, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const lang = language as LocaleId
  const id = record?._id
  const product = useLiveProduct(id)
  const warehouses = useWarehouses().data ?? []
  const refresh = useRefreshStock()
  const [operating, setOperating] = useState<string | undefined>()
  const text = (value: unknown) => resolveText(value as Translatable, lang, tAny)
  if (!id)
    return (
      <Typography color="text.secondary" data-testid={testId}>
        {t('product.stockAfterSave')}
      </Typography>
    )
  const data = product.data
  const rows = data ? stockRows(data) : []
  const warehouseName = (warehouse: string) => text(warehouses.find((entry) => rowId(entry) === warehouse)?.name) || warehouse
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={testId} data-total={data?.cachedInventory ?? ''}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('product.stock')}: <span data-testid="product-stock-total">{data?.cachedInventory ?? '-'}</span>
        </Typography>
        {data?.status && (
          <Chip
            size="small"
            label={t(statusLabels[data.status as ProductStatus] ?? 'product.status')}
            data-testid="product-stock-status"
          />
        )}
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('product.sku')}</TableCell>
            <TableCell>{t('product.byWarehouse')}</TableCell>
            <TableCell align="right">{t('product.quantity')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.sku} data-testid="product-stock-row" data-sku={row.sku}>
              <TableCell>{row.name ? text(row.name) : t('product.noSku')}</TableCell>
              <TableCell data-testid="product-stock-warehouses">
                {row.warehouses.map((entry) => (
                  <Chip
                    key={entry.warehouse}
                    size="small"
                    variant="outlined"
                    sx={{ mr: 0.5 }}
                    label={`${warehouseName(entry.warehouse)}: ${entry.quantity}${entry.reserved ? ` (${t('product.reserved')} ${entry.reserved})` : ''}`}
                    data-testid="product-stock-warehouse"
                    data-warehouse={entry.warehouse}
                    data-quantity={entry.quantity}
                  />
                ))}
              </TableCell>
              <TableCell align="right" data-testid="product-stock-quantity">
                {row.quantity}
              </TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  startIcon={<Inventory />}
                  onClick={() => setOperating(row.sku)}
                  data-testid="product-stock-operate"
                >
                  {t('stockOp.open')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data && operating !== undefined && (
        <InventoryOperationDialog
          product={data}
          sku={operating}
          onDone={() => void refresh(id)}
          onClose={() => setOperating(undefined)}
        />
      )}
    </Paper>
  )
}
