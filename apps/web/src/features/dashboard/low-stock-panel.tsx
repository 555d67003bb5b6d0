import { Link, List, ListItem, ListItemText, Typography } from '@mui/material'
import Inventory from '@mui/icons-material/Inventory2Outlined'
import type { LocaleId, Shop } from '@emporia/shared'
import { AppLink } from '../../components/ui/app-link'
import { EmptyState } from '../../components/ui/empty-state'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import type { Row } from '../../lib/resource-client'
import { useLowStock, useLowStockUpdates } from './low-stock-api'

/** The low-stock panel's content (spec §2.7): with the shop's reminder on, what is at or below its threshold. */
export const LowStockPanel = ({ shop }: { shop: Shop | undefined }) => {
  const { t, tAny, language } = useListT()
  const lowStock = useLowStock(shop)
  useLowStockUpdates(shop)
  const text = (value: unknown) => resolveText(value as Translatable, language as LocaleId, tAny)
  const rows = lowStock.data?.rows ?? []
  if (!shop?.lowStock || !rows.length)
    return (
      <EmptyState
        icon={<Inventory />}
        text={t(shop?.lowStock ? 'lowStock.none' : 'dashboard.lowStockEmpty', { threshold: shop?.lowStockThres ?? 0 })}
        testId="panel-lowStock-empty"
      />
    )
  return (
    <>
      <List dense disablePadding data-testid="low-stock-list">
        {rows.map(({ stock, product, warehouse }) => {
          const sku = ((product?.skus as Row[] | undefined) ?? []).find((item) => item.id === stock.sku)
          const name = [text(product?.name) || t('lowStock.unknownProduct'), sku && text(sku.name)].filter(Boolean).join(' · ')
          return (
            <ListItem
              key={stock._id}
              disableGutters
              data-testid="low-stock-row"
              data-product={stock.product}
              secondaryAction={
                <Typography
                  color={stock.quantity <= 0 ? 'error' : 'warning.main'}
                  sx={{ fontWeight: 600 }}
                  data-testid="low-stock-quantity"
                >
                  {stock.quantity}
                </Typography>
              }
            >
              <ListItemText
                primary={
                  <Link component={AppLink} href={`/products/edit/${stock.product}`} data-testid="low-stock-link">
                    {name}
                  </Link>
                }
                secondary={text(warehouse?.name)}
              />
            </ListItem>
          )
        })}
      </List>
      {(lowStock.data?.total ?? 0) > rows.length && (
        <Typography variant="caption" color="text.secondary">
          {t('lowStock.more', { count: (lowStock.data?.total ?? 0) - rows.length })}
        </Typography>
      )}
    </>
  )
}
