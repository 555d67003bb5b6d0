import {
  Checkbox,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography
} from '@mui/material'
import Delete from '@mui/icons-material/Delete'
import type { LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { useShops } from '../../lib/shop'
import type { FieldProps } from './field-types'

/** One entry of a shared record's access list (spec §6.3). */
export interface ShopAccess {
  shop: string
  write: boolean
  owner: boolean
}

/** The ACL editor of spec §6.3: which of the user's shops may modify (write) or remove (owner) the record. */
export const AclInput = ({ field, value, onChange, testId }: FieldProps) => {
  const { t, tAny, language } = useListT()
  const shops = useShops(true).data ?? []
  const entries = (Array.isArray(value) ? value : []) as ShopAccess[]
  const nameOf = (id: string) =>
    resolveText(shops.find((shop) => shop._id === id)?.name as Translatable, language as LocaleId, tAny) || id
  const set = (index: number, patch: Partial<ShopAccess>) =>
    onChange(entries.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)))
  const available = shops.filter((shop) => !entries.some((entry) => entry.shop === shop._id))
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('field.shop')}</TableCell>
            <TableCell>{t('field.write')}</TableCell>
            <TableCell>{t('field.owner')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry, index) => (
            <TableRow key={entry.shop} data-testid={`${testId}-row`}>
              <TableCell>{nameOf(entry.shop)}</TableCell>
              <TableCell padding="checkbox">
                <Checkbox checked={entry.write} onChange={(event) => set(index, { write: event.target.checked })} />
              </TableCell>
              <TableCell padding="checkbox">
                <Checkbox checked={entry.owner} onChange={(event) => set(index, { owner: event.target.checked })} />
              </TableCell>
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={t('field.remove')}
                  onClick={() => onChange(entries.filter((_, i) => i !== index))}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {available.length > 0 && (
        <TextField
          select
          size="small"
          label={t('field.add')}
          value=""
          onChange={(event) => onChange([...entries, { shop: event.target.value, write: false, owner: false }])}
          sx={{ maxWidth: 320 }}
        >
          {available.map((shop) => (
            <MenuItem key={shop._id} value={shop._id}>
              {nameOf(shop._id)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  )
}
