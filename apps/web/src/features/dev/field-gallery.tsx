import { useState } from 'react'
import { Button, Typography } from '@mui/material'
import type { LocalDefinition } from '../../components/data-table/resource'
import { EditorDialog, type EditorStore } from '../../components/editor/editor-dialog'
import { useListT } from '../../lib/i18n/lists'
import type { Row } from '../../lib/resource-client'

/** Every field type in one editor over a local store (spec §5.1, §5.6): what the browser tests drive. */
const gallery: LocalDefinition = {
  name: 'demo.title',
  columns: [],
  fields: [
    { name: 'text', label: 'demo.text', type: 'text', required: true },
    { name: 'email', label: 'demo.email', type: 'email' },
    { name: 'amount', label: 'demo.number', type: 'number' },
    { name: 'password', label: 'field.password', type: 'password' },
    { name: 'day', label: 'demo.date', type: 'date' },
    { name: 'moment', label: 'demo.datetime', type: 'datetime' },
    { name: 'active', label: 'demo.boolean', type: 'boolean' },
    {
      name: 'kind',
      label: 'demo.select',
      type: 'select',
      source: { enumList: { retail: 'demo.kindA', wholesale: 'demo.kindB' } }
    },
    { name: 'warehouses', label: 'demo.multiselect', type: 'select', multiple: true, source: { path: 'warehouses' } },
    { name: 'colour', label: 'demo.colour', type: 'colour' },
    { name: 'title', label: 'res.name', type: 'translatable' },
    {
      name: 'items',
      label: 'demo.list',
      type: 'list',
      fields: [
        { name: 'label', label: 'demo.text', type: 'text', required: true },
        { name: 'qty', label: 'demo.number', type: 'number' }
      ],
      canDelete: (item) => item.locked !== true
    },
    { name: 'accessShop', label: 'demo.acl', type: 'acl' },
    { name: 'image', label: 'demo.image', type: 'image' },
    { name: 'video', label: 'demo.video', type: 'video' },
    { name: 'content', label: 'demo.richtext', type: 'richtext' }
  ]
}

export const FieldGallery = () => {
  const { t } = useListT()
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState<Row | undefined>()
  const store: EditorStore = {
    get: async () => saved ?? {},
    create: async (data) => setSaved(data),
    update: async (_, data) => setSaved(data),
    remove: async () => setSaved(undefined)
  }
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="dev-fields">
        {t('demo.title')}
      </Button>
      {saved && (
        <>
          <Typography variant="subtitle2">{t('demo.result')}</Typography>
          <pre data-testid="dev-fields-result">{JSON.stringify(saved)}</pre>
        </>
      )}
      {open && <EditorDialog definition={gallery} editor="new" store={store} onClose={() => setOpen(false)} />}
    </>
  )
}
