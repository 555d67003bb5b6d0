import { useEffect, useId } from 'react'
import { EditorContent, useEditor } from '@tiptap/react'
import { Box, FormHelperText, Typography } from '@mui/material'
import { useListT } from '../../lib/i18n/lists'
import { storedHtml } from '../../lib/rich-text'
import type { FieldProps } from './field-types'
import { richTextExtensions } from './rich-text-extensions'
import { tidyEditorHtml } from './rich-text-rules'
import { RichTextToolbar } from './rich-text-toolbar'

const stored = (html: string) => storedHtml(tidyEditorHtml(html))

/**
 * Rich text (spec §5.6, §9.5): tiptap, minimum 400 px high, headings 1–6, lists, links, the text colour
 * palette; an empty paragraph is stored as "". The server cleans what is stored (decision 0191).
 */
export const RichTextInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const labelId = useId()
  const label = t(field.label)
  const html = typeof value === 'string' ? value : ''
  const editor = useEditor({
    extensions: richTextExtensions,
    content: html,
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChange(stored(current.getHTML()))
  })
  // A value set from outside (the record finished loading) replaces the content. useEditor may hand
  // over an instance it has already destroyed (it recreates the editor on remount); reading that one
  // throws, so it is skipped — its successor runs this effect again.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    if (stored(editor.getHTML()) !== html) editor.commands.setContent(html, { emitUpdate: false })
  }, [editor, html])
  return (
    <Box data-testid={testId} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {editor && <RichTextToolbar editor={editor} label={label} testId={testId} />}
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 1,
          '& .tiptap': { minHeight: 400, outline: 'none' },
          '& .tiptap a': { color: 'primary.main', textDecoration: 'underline' }
        }}
      >
        <EditorContent editor={editor} data-testid={`${testId}-content`} />
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  )
}
