import { useId, useState, type ReactNode } from 'react'
import { useEditorState, type Editor } from '@tiptap/react'
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Popover,
  Stack,
  TextField,
  Tooltip,
  Typography
} from '@mui/material'
import FormatBold from '@mui/icons-material/FormatBold'
import FormatClear from '@mui/icons-material/FormatClear'
import FormatColorText from '@mui/icons-material/FormatColorText'
import FormatItalic from '@mui/icons-material/FormatItalic'
import FormatListBulleted from '@mui/icons-material/FormatListBulleted'
import FormatListNumbered from '@mui/icons-material/FormatListNumbered'
import FormatUnderlined from '@mui/icons-material/FormatUnderlined'
import InsertLink from '@mui/icons-material/InsertLink'
import Redo from '@mui/icons-material/Redo'
import StrikethroughS from '@mui/icons-material/StrikethroughS'
import Undo from '@mui/icons-material/Undo'
import { richTextColour } from '@emporia/shared'
import { useListT } from '../../lib/i18n/lists'
import { ColourPresets } from './colour-presets'
import { headingLevels, linkHref, linkTarget, textStyleValues, type TextStyleValue } from './rich-text-rules'

const keepSelection = (event: React.MouseEvent) => event.preventDefault()

/** One toolbar button: a translated name (read by screen readers, shown as a tooltip), pressed when active. */
const ToolButton = ({
  label,
  icon,
  onClick,
  active,
  disabled,
  testId
}: {
  label: string
  icon: ReactNode
  onClick: (event: React.MouseEvent<HTMLElement>) => void
  active?: boolean
  disabled?: boolean
  testId: string
}) => (
  <Tooltip title={label} describeChild>
    {/* A disabled button sends no events: the span keeps the tooltip working. */}
    <span>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        color={active ? 'primary' : 'default'}
        disabled={disabled}
        onMouseDown={keepSelection}
        onClick={onClick}
        data-testid={testId}
      >
        {icon}
      </IconButton>
    </span>
  </Tooltip>
)

const styleOf = (editor: Editor): TextStyleValue => {
  for (const level of headingLevels) if (editor.isActive('heading', { level })) return `h${level}`
  return 'paragraph'
}

/** The link dialog: the address is checked (decision 0191) before the link is set; an existing link can go. */
const LinkDialog = ({
  editor,
  href,
  onClose,
  testId
}: {
  editor: Editor
  href: string | undefined
  onClose: () => void
  testId: string
}) => {
  const { t } = useListT()
  const [text, setText] = useState(href ?? '')
  const [invalid, setInvalid] = useState(false)
  const apply = () => {
    const next = linkHref(text)
    if (!next) return setInvalid(true)
    const target = linkTarget(next)
    const chain = editor.chain().focus()
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: next, marks: [{ type: 'link', attrs: { href: next, target } }] }).run()
    else chain.extendMarkRange('link').setLink({ href: next, target }).run()
    onClose()
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid={`${testId}-dialog`}>
      <DialogTitle>{t('rich.link')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('rich.linkUrl')}
          value={text}
          error={invalid}
          helperText={invalid ? t('rich.linkInvalid') : t('rich.linkHelp')}
          onChange={(event) => {
            setText(event.target.value)
            setInvalid(false)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              apply()
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-url`, inputMode: 'url' } }}
        />
      </DialogContent>
      <DialogActions>
        {href !== undefined && (
          <Button
            color="error"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              onClose()
            }}
            data-testid={`${testId}-remove`}
          >
            {t('rich.removeLink')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('rich.cancel')}</Button>
        <Button variant="contained" onClick={apply} data-testid={`${testId}-apply`}>
          {t('rich.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** The text colour palette: the 15 presets, the default colour, and a custom colour checked as hex. */
const ColourMenu = ({
  editor,
  anchor,
  colour,
  onClose,
  testId
}: {
  editor: Editor
  anchor: HTMLElement
  colour: string | undefined
  onClose: () => void
  testId: string
}) => {
  const { t } = useListT()
  const [custom, setCustom] = useState(colour ?? '')
  const [invalid, setInvalid] = useState(false)
  const pick = (hex: string) => {
    editor.chain().focus().setTextColour(hex).run()
    onClose()
  }
  const applyCustom = () => {
    const hex = richTextColour(custom)
    if (!hex) return setInvalid(true)
    pick(hex)
  }
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 1.5 }, 'data-testid': `${testId}-palette` } as object }}
    >
      <Stack spacing={1.5}>
        <ColourPresets value={colour} onPick={pick} testId={`${testId}-presets`} />
        <Button
          size="small"
          onClick={() => {
            editor.chain().focus().unsetTextColour().run()
            onClose()
          }}
          data-testid={`${testId}-default`}
        >
          {t('rich.defaultColour')}
        </Button>
        <Divider />
        <Typography variant="caption" color="text.secondary">
          {t('rich.customColour')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <input
            type="color"
            aria-label={t('rich.customColour')}
            value={richTextColour(custom) ?? '#000000'}
            onChange={(event) => {
              setCustom(event.target.value)
              setInvalid(false)
            }}
            style={{ width: 40, height: 40, padding: 0, border: 'none', background: 'none' }}
          />
          <TextField
            size="small"
            label={t('field.hex')}
            value={custom}
            error={invalid}
            helperText={invalid ? t('rich.colourInvalid') : undefined}
            onChange={(event) => {
              setCustom(event.target.value)
              setInvalid(false)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                applyCustom()
              }
            }}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-hex` } }}
          />
          <Button variant="contained" size="small" onClick={applyCustom} sx={{ mt: 0.5 }} data-testid={`${testId}-custom`}>
            {t('rich.apply')}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  )
}

/**
 * The rich-text toolbar (spec §2.10, §9.5): paragraph or heading 1–6, bold, italic, underline, strike,
 * lists, a link, the text colour palette, clear formatting, undo and redo. Every control is a button or a
 * select with a translated name, reachable with the keyboard.
 */
export const RichTextToolbar = ({ editor, label, testId }: { editor: Editor; label: string; testId: string }) => {
  const { t } = useListT()
  const [linkOpen, setLinkOpen] = useState(false)
  const [colourAnchor, setColourAnchor] = useState<HTMLElement | null>(null)
  // The select's label names it for screen readers (and for a test that finds it as a merchant would).
  const styleId = useId()
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      style: styleOf(current),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link') ? String(current.getAttributes('link').href ?? '') : undefined,
      colour: (current.getAttributes('textColour').colour as string | null | undefined) ?? undefined,
      canUndo: current.can().undo(),
      canRedo: current.can().redo()
    })
  })
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(editor.chain().focus()).run()
  return (
    <Stack
      role="toolbar"
      aria-label={label}
      direction="row"
      sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.25, mb: 0.5 }}
      data-testid={`${testId}-toolbar`}
    >
      <TextField
        select
        size="small"
        id={styleId}
        label={t('rich.textStyle')}
        value={state.style}
        onChange={(event) => {
          const value = event.target.value as TextStyleValue
          if (value === 'paragraph') editor.chain().focus().setParagraph().run()
          else
            editor
              .chain()
              .focus()
              .setHeading({ level: Number(value.slice(1)) as (typeof headingLevels)[number] })
              .run()
        }}
        sx={{ minWidth: 128, mr: 0.5 }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': `${testId}-style` } }}
      >
        {textStyleValues.map((value) => (
          <option key={value} value={value}>
            {value === 'paragraph' ? t('rich.paragraph') : t('rich.headingLevel', { level: value.slice(1) })}
          </option>
        ))}
      </TextField>
      <ToolButton
        label={t('rich.bold')}
        icon={<FormatBold />}
        active={state.bold}
        onClick={run((c) => c.toggleBold())}
        testId={`${testId}-bold`}
      />
      <ToolButton
        label={t('rich.italic')}
        icon={<FormatItalic />}
        active={state.italic}
        onClick={run((c) => c.toggleItalic())}
        testId={`${testId}-italic`}
      />
      <ToolButton
        label={t('rich.underline')}
        icon={<FormatUnderlined />}
        active={state.underline}
        onClick={run((c) => c.toggleUnderline())}
        testId={`${testId}-underline`}
      />
      <ToolButton
        label={t('rich.strike')}
        icon={<StrikethroughS />}
        active={state.strike}
        onClick={run((c) => c.toggleStrike())}
        testId={`${testId}-strike`}
      />
      <ToolButton
        label={t('rich.bulletList')}
        icon={<FormatListBulleted />}
        active={state.bulletList}
        onClick={run((c) => c.toggleBulletList())}
        testId={`${testId}-bullet`}
      />
      <ToolButton
        label={t('rich.orderedList')}
        icon={<FormatListNumbered />}
        active={state.orderedList}
        onClick={run((c) => c.toggleOrderedList())}
        testId={`${testId}-ordered`}
      />
      <ToolButton
        label={t('rich.link')}
        icon={<InsertLink />}
        active={state.link !== undefined}
        onClick={() => setLinkOpen(true)}
        testId={`${testId}-link`}
      />
      <ToolButton
        label={t('rich.textColour')}
        icon={
          <FormatColorText
            sx={{ borderBottom: 3, borderColor: state.colour ?? 'transparent' }}
            data-colour={state.colour ?? ''}
          />
        }
        onClick={(event) => setColourAnchor(event.currentTarget)}
        testId={`${testId}-colour`}
      />
      <ToolButton
        label={t('rich.clearFormatting')}
        icon={<FormatClear />}
        onClick={run((c) => c.unsetAllMarks().clearNodes())}
        testId={`${testId}-clear`}
      />
      <ToolButton
        label={t('rich.undo')}
        icon={<Undo />}
        disabled={!state.canUndo}
        onClick={run((c) => c.undo())}
        testId={`${testId}-undo`}
      />
      <ToolButton
        label={t('rich.redo')}
        icon={<Redo />}
        disabled={!state.canRedo}
        onClick={run((c) => c.redo())}
        testId={`${testId}-redo`}
      />
      {linkOpen && <LinkDialog editor={editor} href={state.link} onClose={() => setLinkOpen(false)} testId={`${testId}-link`} />}
      {colourAnchor && (
        <ColourMenu
          editor={editor}
          anchor={colourAnchor}
          colour={state.colour}
          onClose={() => setColourAnchor(null)}
          testId={`${testId}-colour`}
        />
      )}
    </Stack>
  )
}
