import { useState } from 'react'
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { borderStyles, fontFamilies, fontStyles, fontWeights, textAligns, textDecorations, type CssValue } from '@emporia/shared'
import { useListT } from '../../../lib/i18n/lists'
import { ColourWidget } from './colour-widget'
import { DimensionPicker, type DimensionFocus } from './dimension-picker'
import { FontSizePicker } from './font-size-picker'

const SIDES = ['top', 'right', 'bottom', 'left'] as const
type Sides = Partial<Record<(typeof SIDES)[number], string>>

const Choice = ({
  label,
  value,
  options,
  onChange,
  testId
}: {
  label: string
  value: unknown
  options: readonly (string | number)[]
  onChange: (value: string | number | undefined) => void
  testId: string
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value ?? ''}
    onChange={(event) => onChange(options.find((option) => String(option) === String(event.target.value)))}
    sx={{ minWidth: 120 }}
    slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
  >
    <MenuItem value="">–</MenuItem>
    {options.map((option) => (
      <MenuItem key={option} value={option} data-testid={`${testId}-option-${option}`}>
        {option}
      </MenuItem>
    ))}
  </TextField>
)

/** Drops emptied fields, so a cleared css stores nothing rather than empty strings. */
const tidy = <T extends object>(value: T): T | undefined => {
  const entries = Object.entries(value).filter(([, field]) => field !== undefined && field !== null && field !== '')
  return entries.length ? (Object.fromEntries(entries) as T) : undefined
}

/**
 * The CSS editor (spec §2.10, §9.5): font family, size, weight (100–900), colour, style, decoration;
 * padding; border widths, colour and style (none, solid, dashed); margins; background; width, height,
 * max width and height; text-align. The box drawing lights the part the hovered picker edits.
 */
export const CssEditor = ({
  value,
  onChange,
  testId
}: {
  value: unknown
  onChange: (value: CssValue) => void
  testId: string
}) => {
  const { t } = useListT()
  const css = (typeof value === 'object' && value !== null ? value : {}) as CssValue
  const [focus, setFocus] = useState<DimensionFocus | undefined>()
  const set = (patch: Partial<CssValue>) => onChange(tidy({ ...css, ...patch }) ?? {})
  const sides = (type: 'padding' | 'margin' | 'border') => {
    const current = (css[type] ?? {}) as Sides & { color?: string; style?: string }
    return (
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {SIDES.map((side) => (
          <DimensionPicker
            key={side}
            label={t(`pe.side.${side}`)}
            value={current[side]}
            onChange={(next) => set({ [type]: tidy({ ...current, [side]: next ?? undefined }) })}
            focus={{ type, pos: side }}
            onFocusReport={setFocus}
            testId={`${testId}-${type}-${side}`}
          />
        ))}
      </Stack>
    )
  }
  const border = (css.border ?? {}) as NonNullable<CssValue['border']>
  const size = (key: 'width' | 'height' | 'maxWidth' | 'maxHeight', pos: 'width' | 'height') => (
    <DimensionPicker
      size
      label={t(`pe.css.${key}`)}
      value={css[key]}
      onChange={(next) => set({ [key]: next ?? undefined })}
      focus={{ type: 'element', pos }}
      onFocusReport={setFocus}
      testId={`${testId}-${key}`}
    />
  )
  const lit = (type: DimensionFocus['type']) => (focus?.type === type ? 'primary.main' : 'divider')
  return (
    <Stack spacing={1.5} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Choice
          label={t('pe.css.fontFamily')}
          value={css.fontFamily}
          options={fontFamilies}
          onChange={(v) => set({ fontFamily: v as string })}
          testId={`${testId}-fontFamily`}
        />
        <FontSizePicker
          label={t('pe.css.fontSize')}
          value={css.fontSize}
          onChange={(v) => set({ fontSize: v })}
          testId={`${testId}-fontSize`}
        />
        <Choice
          label={t('pe.css.fontWeight')}
          value={css.fontWeight}
          options={fontWeights}
          onChange={(v) => set({ fontWeight: v as CssValue['fontWeight'] })}
          testId={`${testId}-fontWeight`}
        />
        <Choice
          label={t('pe.css.fontStyle')}
          value={css.fontStyle}
          options={fontStyles}
          onChange={(v) => set({ fontStyle: v as string })}
          testId={`${testId}-fontStyle`}
        />
        <Choice
          label={t('pe.css.textDecoration')}
          value={css.textDecoration}
          options={textDecorations}
          onChange={(v) => set({ textDecoration: v as string })}
          testId={`${testId}-textDecoration`}
        />
        <Choice
          label={t('pe.css.textAlign')}
          value={css.textAlign}
          options={textAligns}
          onChange={(v) => set({ textAlign: v as string })}
          testId={`${testId}-textAlign`}
        />
      </Stack>
      <ColourWidget label={t('pe.css.color')} value={css.color} onChange={(v) => set({ color: v })} testId={`${testId}-color`} />
      <ColourWidget
        label={t('pe.css.background')}
        value={css.background}
        onChange={(v) => set({ background: v })}
        testId={`${testId}-background`}
      />
      {/* The box: margin outside the border outside the padding outside the element. */}
      <Box
        data-testid={`${testId}-focus`}
        data-focus={focus ? `${focus.type}-${focus.pos}` : ''}
        sx={{ border: 2, borderStyle: 'dashed', borderColor: lit('margin'), p: 0.75 }}
      >
        <Box sx={{ border: 2, borderColor: lit('border'), p: 0.75 }}>
          <Box sx={{ border: 2, borderStyle: 'dotted', borderColor: lit('padding'), p: 0.75 }}>
            <Box sx={{ height: 16, bgcolor: focus?.type === 'element' ? 'primary.light' : 'action.hover' }} />
          </Box>
        </Box>
        {/* Its line is held when nothing is reported (a no-break space): hovering a picker must not push the
            pickers below down by a line, or the pointer ends up on a label instead of the value it pressed. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {focus ? `${t(`pe.box.${focus.type}`)} · ${t(`pe.side.${focus.pos}`)}` : '\u00a0'}
        </Typography>
      </Box>
      <Typography variant="subtitle2">{t('pe.box.padding')}</Typography>
      {sides('padding')}
      <Typography variant="subtitle2">{t('pe.box.border')}</Typography>
      {sides('border')}
      <Stack direction="row" spacing={1}>
        <Choice
          label={t('pe.css.borderStyle')}
          value={border.style}
          options={borderStyles}
          onChange={(v) => set({ border: tidy({ ...border, style: v as string }) })}
          testId={`${testId}-borderStyle`}
        />
      </Stack>
      <ColourWidget
        label={t('pe.css.borderColor')}
        value={border.color}
        onChange={(v) => set({ border: tidy({ ...border, color: v }) })}
        testId={`${testId}-borderColor`}
      />
      <Typography variant="subtitle2">{t('pe.box.margin')}</Typography>
      {sides('margin')}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {size('width', 'width')}
        {size('height', 'height')}
        {size('maxWidth', 'width')}
        {size('maxHeight', 'height')}
      </Stack>
    </Stack>
  )
}
