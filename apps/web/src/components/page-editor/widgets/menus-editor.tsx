import { useState } from 'react'
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography
} from '@mui/material'
import Add from '@mui/icons-material/Add'
import Edit from '@mui/icons-material/Edit'
import MoreVert from '@mui/icons-material/MoreVert'
import {
  appendMenuItem,
  canHoldItems,
  insertMenuItem,
  menuItemSpec,
  menuItemTypeLabels,
  menuItemTypes,
  normalizeMenuItem,
  pickTran,
  propApplies,
  removeMenuItem,
  type MenuItem as MenuEntry,
  type MenuPath
} from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import type { LocaleId } from '@emporia/shared'
import { DimensionPicker } from './dimension-picker'
import { FieldWidget } from './field-widget'
import { PageLinkPicker } from './page-link-picker'

const newItem = (): MenuEntry => ({ type: 'item', name: '' })

/** The edit popup of one item (spec §2.10 "object editor"): its type, and the props that type shows. */
const ItemDialog = ({
  item,
  onSave,
  onClose,
  testId
}: {
  item: MenuEntry
  onSave: (item: MenuEntry) => void
  onClose: () => void
  testId: string
}) => {
  const { t } = useListT()
  const [draft, setDraft] = useState<MenuEntry>(item)
  const set = (patch: Partial<MenuEntry>) => setDraft((current) => ({ ...current, ...patch }))
  const shows = (name: string) => propApplies(menuItemSpec.props[name], draft as Record<string, unknown>)
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid={`${testId}-dialog`}>
      <DialogTitle>{t('pe.menu.editItem')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={t('pe.menu.type')}
            value={draft.type || 'item'}
            onChange={(event) => set({ type: event.target.value as MenuEntry['type'] })}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': `${testId}-dialog-type` } as object } }}
          >
            {menuItemTypes.map((type) => (
              <MenuItem key={type} value={type} data-testid={`${testId}-dialog-type-${type}`}>
                {t(`pe.menuType.${menuItemTypeLabels[type] as 'menu'}`)}
              </MenuItem>
            ))}
          </TextField>
          {shows('name') && (
            <FieldWidget
              type="translatable"
              label={t('pe.menu.name')}
              value={draft.name}
              onChange={(name) => set({ name: name as MenuEntry['name'] })}
              testId={`${testId}-dialog-name`}
            />
          )}
          {shows('to') && (
            <PageLinkPicker
              label={t('pe.menu.to')}
              value={draft.to}
              onChange={(to) => set({ to })}
              testId={`${testId}-dialog-to`}
            />
          )}
          {shows('icon') && (
            <FieldWidget
              type="text"
              label={t('pe.menu.icon')}
              value={draft.icon ?? ''}
              onChange={(icon) => set({ icon: String(icon ?? '') })}
              testId={`${testId}-dialog-icon`}
            />
          )}
          {shows('width') && (
            <Stack direction="row" spacing={1}>
              {(['width', 'height', 'padding'] as const).map((key) => (
                <DimensionPicker
                  key={key}
                  label={t(`pe.menu.${key}`)}
                  value={draft[key] ?? (menuItemSpec.props[key].default as string)}
                  onChange={(next) => set({ [key]: next ?? undefined })}
                  testId={`${testId}-dialog-${key}`}
                />
              ))}
            </Stack>
          )}
          {shows('showFlag') && (
            <FieldWidget
              type="boolean"
              label={t('pe.menu.showFlag')}
              value={draft.showFlag ?? true}
              onChange={(flag) => set({ showFlag: Boolean(flag) })}
              testId={`${testId}-dialog-showFlag`}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pe.cancel')}</Button>
        <Button variant="contained" onClick={() => onSave(normalizeMenuItem(draft))} data-testid={`${testId}-dialog-save`}>
          {t('pe.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

const itemText = (item: MenuEntry, language: LocaleId, typeLabel: string) => {
  const name = item.name ? pickTran(item.name, language) : ''
  return name || typeLabel
}

/**
 * The menus editor (spec §2.10): a tree of menu items, each with an edit popup and an add menu (insert
 * before, append inside for items only, insert after, delete); an empty menu shows a plus button.
 */
export const MenusEditor = ({
  label,
  value,
  onChange,
  testId
}: {
  label: string
  value: unknown
  onChange: (items: MenuEntry[]) => void
  testId: string
}) => {
  const { t, language } = useListT()
  const items = Array.isArray(value) ? (value as MenuEntry[]) : []
  const [menu, setMenu] = useState<{ anchor: HTMLElement; path: MenuPath; item: MenuEntry } | undefined>()
  const [editing, setEditing] = useState<
    { path: MenuPath; item: MenuEntry; adding?: (item: MenuEntry) => MenuEntry[] } | undefined
  >()

  const replaceAt = (path: MenuPath, item: MenuEntry) => insertMenuItem(removeMenuItem(items, path), path, item)
  const act = (action: 'before' | 'inside' | 'after' | 'delete') => {
    if (!menu) return
    const { path, item } = menu
    setMenu(undefined)
    if (action === 'delete') return onChange(removeMenuItem(items, path))
    // A new item is edited first; it joins the menu when its popup is confirmed.
    const add =
      action === 'inside'
        ? (entry: MenuEntry) => appendMenuItem(items, path, entry)
        : (entry: MenuEntry) => insertMenuItem(items, path, entry, action === 'after')
    if (action === 'inside' && !canHoldItems(item)) return
    setEditing({ path, item: newItem(), adding: add })
  }

  const rows = (list: MenuEntry[], parent: MenuPath, depth: number): React.ReactNode =>
    list.map((item, index) => {
      const path = [...parent, index]
      const id = `${testId}-item-${path.join('-')}`
      const typeLabel = t(`pe.menuType.${menuItemTypeLabels[item.type || 'item'] as 'menu'}`)
      return (
        <Box key={path.join('-')}>
          <Stack direction="row" sx={{ alignItems: 'center', pl: depth * 2 }} data-testid={id}>
            <Typography variant="body2" sx={{ flex: 1 }} data-testid={`${id}-text`}>
              {itemText(item, language as LocaleId, typeLabel)}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('pe.menu.editItem')}
              onClick={() => setEditing({ path, item })}
              data-testid={`${id}-edit`}
            >
              <Edit fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('pe.menu.actions')}
              onClick={(event) => setMenu({ anchor: event.currentTarget, path, item })}
              data-testid={`${id}-menu`}
            >
              <MoreVert fontSize="small" />
            </IconButton>
          </Stack>
          {item.childs?.length ? rows(item.childs, path, depth + 1) : null}
        </Box>
      )
    })

  return (
    <Stack spacing={0.5} data-testid={testId} data-count={items.length}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {items.length === 0 ? (
        <IconButton
          aria-label={t('pe.menu.addFirst')}
          onClick={() => setEditing({ path: [0], item: newItem(), adding: (entry) => insertMenuItem([], [0], entry) })}
          data-testid={`${testId}-add-first`}
          sx={{ alignSelf: 'flex-start' }}
        >
          <Add />
        </IconButton>
      ) : (
        rows(items, [], 0)
      )}
      <Menu open={Boolean(menu)} anchorEl={menu?.anchor} onClose={() => setMenu(undefined)}>
        <MenuItem onClick={() => act('before')} data-testid={`${testId}-insert-before`}>
          {t('pe.menu.insertBefore')}
        </MenuItem>
        {menu && canHoldItems(menu.item) ? (
          <MenuItem onClick={() => act('inside')} data-testid={`${testId}-append-inside`}>
            {t('pe.menu.appendInside')}
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => act('after')} data-testid={`${testId}-insert-after`}>
          {t('pe.menu.insertAfter')}
        </MenuItem>
        <MenuItem onClick={() => act('delete')} data-testid={`${testId}-delete`}>
          {t('pe.menu.delete')}
        </MenuItem>
      </Menu>
      {editing ? (
        <ItemDialog
          item={editing.item}
          testId={testId}
          onClose={() => setEditing(undefined)}
          onSave={(item) => {
            // The popup edits the item with its childs; normalising drops them from a type that holds none.
            onChange(editing.adding ? editing.adding(item) : replaceAt(editing.path, item))
            setEditing(undefined)
          }}
        />
      ) : null}
    </Stack>
  )
}
