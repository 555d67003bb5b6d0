import { useEffect } from 'react'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Box, FormHelperText, IconButton, Stack, Typography } from '@mui/material'
import FormatBold from '@mui/icons-material/FormatBold'
import FormatItalic from '@mui/icons-material/FormatItalic'
import FormatListBulleted from '@mui/icons-material/FormatListBulleted'
import FormatListNumbered from '@mui/icons-material/FormatListNumbered'
import Title from '@mui/icons-material/Title'
import { useListT } from '../../lib/i18n/lists'
import { storedHtml } from '../../lib/rich-text'
import type { FieldProps } from './field-types'

/** Rich text (spec §5.6, §9.5): tiptap, minimum 400 px high; an empty paragraph is stored as "". */
export const RichTextInput = ({ field, value, onChange, error, testId }: FieldProps) => {
  const { t } = useListT()
  const html = typeof value === 'string' ? value : ''
  const editor = useEditor({
    extensions: [StarterKit],
    content: html,
    onUpdate: ({ editor: current }) => onChange(storedHtml(current.getHTML()))
  })
  // A value set from outside (the record finished loading) replaces the content. useEditor may hand
  // over an instance it has already destroyed (it recreates the editor on remount); reading that one
  // throws, so it is skipped — its successor runs this effect again.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    if (storedHtml(editor.getHTML()) !== html) editor.commands.setContent(html, { emitUpdate: false })
  }, [editor, html])
  const button = (label: string, icon: React.ReactNode, action: () => void, active: boolean) => (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      color={active ? 'primary' : 'default'}
      onMouseDown={(event) => event.preventDefault()}
      onClick={action}
    >
      {icon}
    </IconButton>
  )
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {t(field.label)}
      </Typography>
      {editor && (
        <Stack direction="row">
          {button(t('rich.bold'), <FormatBold />, () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
          {button(
            t('rich.italic'),
            <FormatItalic />,
            () => editor.chain().focus().toggleItalic().run(),
            editor.isActive('italic')
          )}
          {button(
            t('rich.heading'),
            <Title />,
            () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
            editor.isActive('heading')
          )}
          {button(
            t('rich.bulletList'),
            <FormatListBulleted />,
            () => editor.chain().focus().toggleBulletList().run(),
            editor.isActive('bulletList')
          )}
          {button(
            t('rich.orderedList'),
            <FormatListNumbered />,
            () => editor.chain().focus().toggleOrderedList().run(),
            editor.isActive('orderedList')
          )}
        </Stack>
      )}
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 1,
          '& .tiptap': { minHeight: 400, outline: 'none' }
        }}
      >
        <EditorContent editor={editor} data-testid={`${testId}-content`} />
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  )
}
