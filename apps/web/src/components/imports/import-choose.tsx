import { useRef, useState, type DragEvent } from 'react'
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material'
import UploadFile from '@mui/icons-material/UploadFile'
import type { ImportTemplate, LocaleId } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { resolveText, type Translatable } from '../../lib/i18n/translatable'
import { isSpreadsheet, SPREADSHEET_ACCEPT } from './import-view'

interface ImportChooseProps {
  templates: ImportTemplate[] | undefined
  template: string
  onTemplate: (id: string) => void
  onFile: (file: File) => void
  disabled?: boolean
}

/** The first step: an optional template of the list, and a CSV or XLSX dropped or picked. */
export const ImportChoose = ({ templates, template, onTemplate, onFile, disabled }: ImportChooseProps) => {
  const { t, language, tAny } = useListT()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [refused, setRefused] = useState('')

  const take = (file: File | undefined) => {
    if (!file) return
    if (!isSpreadsheet(file)) {
      setRefused(t('importScreen.notSpreadsheet', { name: file.name }))
      return
    }
    setRefused('')
    onFile(file)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (!disabled) take(event.dataTransfer.files[0])
  }

  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('importScreen.template')}
        value={templates ? template : ''}
        onChange={(event) => onTemplate(event.target.value)}
        disabled={disabled || !templates}
        helperText={templates ? t('importScreen.templateHint') : t('importScreen.templatesLoading')}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'import-template' }
        }}
      >
        <MenuItem value="">{t('importScreen.noTemplate')}</MenuItem>
        {templates?.map((item) => (
          <MenuItem key={item._id} value={item._id} data-testid="import-template-option">
            {resolveText(item.name as Translatable, language as LocaleId, tAny)}
          </MenuItem>
        ))}
      </TextField>
      <Box
        data-testid="import-drop"
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : undefined,
          borderRadius: 1,
          p: 4,
          textAlign: 'center'
        }}
      >
        <UploadFile color="action" sx={{ fontSize: 40 }} />
        <Typography sx={{ mb: 2 }}>{over ? t('importScreen.dropping') : t('importScreen.drop')}</Typography>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled} data-testid="import-pick">
          {t('importScreen.pick')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={SPREADSHEET_ACCEPT}
          data-testid="import-file"
          onChange={(event) => {
            take(event.target.files?.[0])
            event.target.value = ''
          }}
        />
      </Box>
      {refused && (
        <Alert severity="error" data-testid="import-refused">
          {refused}
        </Alert>
      )}
    </Stack>
  )
}
