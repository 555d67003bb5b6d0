import { useMemo, useState } from 'react'
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import Delete from '@mui/icons-material/Delete'
import { evaluate, shopTimeZone, type Cart, type Evaluation, type Product } from '@emporia/shared'
import type { FieldProps } from '../../components/fields/field-types'
import { formatMoney } from '../../lib/format'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { useListT } from '../../lib/i18n/lists'
import { useCurrentShop } from '../../lib/shop'
import { discountRecord } from './discount-fields'
import { previewRule } from './discount-values'
import { PreviewResult } from './preview-result'
import { usePreviewProducts, usePreviewRanks, useValidRules } from './preview-api'

interface PreviewLine {
  key: string
  product: Product
  quantity: number
}

/** The instant a datetime-local input names, or now. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : new Date().toISOString())

/**
 * "Try a cart": the rule as it stands in the form, priced by the shared engine (`evaluate`, the same code
 * the server and the POS run) on a cart the merchant makes up, optionally with the shop's other valid rules.
 */
export const CartPreview = ({ values, record, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const shop = useCurrentShop(true)
  const products = usePreviewProducts()
  const ranks = usePreviewRanks()
  const [lines, setLines] = useState<PreviewLine[]>([])
  const [pick, setPick] = useState<Product | null>(null)
  const [quantity, setQuantity] = useState('1')
  const [rank, setRank] = useState('')
  const [channel, setChannel] = useState<'pos' | 'eshop'>('pos')
  const [at, setAt] = useState('')
  const [withOthers, setWithOthers] = useState(false)
  const others = useValidRules(withOthers)
  const text = (value: unknown) => resolveText((value ?? '') as Translatable, language as never, tAny)
  const id = record?._id

  const rule = useMemo(() => previewRule(discountRecord(values), id), [values, id])
  const outcome = useMemo((): Evaluation | 'invalid' => {
    const cart: Cart = {
      lines: lines.map((line) => ({
        key: line.key,
        product: line.product._id,
        price: line.product.price,
        quantity: line.quantity,
        categories: [...(line.product.categories ?? []), ...(line.product.category ? [line.product.category] : [])],
        brand: line.product.brand ?? null,
        tags: line.product.tags ?? []
      }))
    }
    const rest = withOthers ? (others.data ?? []).filter((other) => other._id !== rule._id) : []
    try {
      return evaluate(cart, {
        rules: [rule, ...rest],
        channel,
        customer: rank ? { id: 'preview', rank } : null,
        chosen: [rule._id],
        codes: rule.couponCode ? [rule.couponCode] : [],
        now: instantOf(at),
        timeZone: shopTimeZone(shop)
      })
    } catch {
      // A half-typed rule (an amount still being written) is previewed once it reads as a rule.
      return 'invalid'
    }
  }, [lines, rule, channel, rank, at, withOthers, others.data, shop])

  const add = () => {
    const units = Number(quantity)
    if (!pick || !(units > 0)) return
    setLines((current) => [...current, { key: String(current.length + Date.now()), product: pick, quantity: units }])
    setPick(null)
    setQuantity('1')
  }
  const ruleName = (ruleId: string) =>
    ruleId === rule._id ? text(values.name) || t('discount.one') : text(others.data?.find((other) => other._id === ruleId)?.name)
  const lineName = (key: string) => text(lines.find((line) => line.key === key)?.product.name)

  return (
    <Stack spacing={2} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t('discount.preview.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <Autocomplete
          sx={{ flex: 2, minWidth: 240 }}
          options={products.data ?? []}
          loading={products.isLoading}
          value={pick}
          onChange={(_event, next) => setPick(next)}
          getOptionLabel={(product) => `${text(product.name)} (${formatMoney(product.price)})`}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          noOptionsText={t('discount.preview.noProducts')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('discount.preview.product')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'preview-product' } }}
            />
          )}
        />
        <TextField
          sx={{ width: 110 }}
          label={t('discount.preview.quantity')}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'preview-quantity' } }}
        />
        <Button variant="outlined" onClick={add} disabled={!pick} data-testid="preview-add">
          {t('discount.preview.add')}
        </Button>
      </Stack>
      {lines.length > 0 && (
        <Box>
          {lines.map((line) => (
            <Stack key={line.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {`${text(line.product.name)} × ${line.quantity}`}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('discount.preview.remove')}
                onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
              >
                <Delete fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Box>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField
          select
          sx={{ minWidth: 160 }}
          label={t('discount.preview.channel')}
          value={channel}
          onChange={(event) => setChannel(event.target.value as 'pos' | 'eshop')}
        >
          <MenuItem value="pos">{t('discount.avail.pos')}</MenuItem>
          <MenuItem value="eshop">{t('discount.avail.eshop')}</MenuItem>
        </TextField>
        <TextField
          select
          sx={{ minWidth: 200 }}
          label={t('discount.preview.rank')}
          value={rank}
          onChange={(event) => setRank(event.target.value)}
        >
          <MenuItem value="">{t('discount.preview.noRank')}</MenuItem>
          {(ranks.data ?? []).map((option) => (
            <MenuItem key={option._id} value={option._id}>
              {text(option.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="datetime-local"
          label={t('discount.preview.at')}
          value={at}
          onChange={(event) => setAt(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel
          control={<Checkbox checked={withOthers} onChange={(event) => setWithOthers(event.target.checked)} />}
          label={t('discount.preview.withOthers')}
        />
      </Stack>
      {lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="preview-empty">
          {t('discount.preview.empty')}
        </Typography>
      ) : outcome === 'invalid' ? (
        <Typography variant="body2" color="error">
          {t('discount.preview.invalid')}
        </Typography>
      ) : (
        <PreviewResult result={outcome} lineName={lineName} ruleName={ruleName} />
      )}
    </Stack>
  )
}
