import { Box, Stack } from '@mui/material'
import type { LocaleId, ShopTemplate, TemplateText, ThemeColors } from '@emporia/shared'

const pick = (text: TemplateText | undefined, language: LocaleId) => (text ? text[language] || text.en : '')

interface TemplatePreviewProps {
  template: ShopTemplate
  colors: Required<ThemeColors>
  language: LocaleId
  /** Smaller for the template cards, larger beside the colour choices. */
  compact?: boolean
  testId?: string
}

/**
 * A screenshot-like picture of a template's home page in the chosen colours: header with its menu,
 * the first banner, the tagline and a row of product cards. Drawn from the template's own data, so it
 * follows the template and the colours as they change; the storefront renders the real page.
 */
export const TemplatePreview = ({ template, colors, language, compact, testId }: TemplatePreviewProps) => {
  const home = template.components.find((component) => component.key === template.home)
  const tagline = home?.content.flatMap((node) => node.children ?? []).find((node) => node.id === 'tagline')
  const menu = template.headerMenu.filter((item) => item.type === 'item').map((item) => pick(item.name as TemplateText, language))
  const dark = template.header.dark === true
  const scale = compact ? 0.62 : 1
  const slideText = pick(((home?.content[0]?.props.items as { text: TemplateText }[] | undefined) ?? [])[0]?.text, language)
  return (
    <Box
      aria-hidden
      data-testid={testId}
      sx={{
        bgcolor: colors.background,
        color: colors.text,
        fontFamily: `'${template.font}', sans-serif`,
        fontSize: 12 * scale,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        userSelect: 'none'
      }}
    >
      <Stack
        direction="row"
        spacing={1.5 * scale}
        sx={{ alignItems: 'center', px: 1.5, height: 34 * scale, bgcolor: dark ? colors.theme : colors.background }}
      >
        <Box sx={{ fontWeight: 800, color: dark ? colors.primaryText : colors.theme }}>{pick(template.name, language)}</Box>
        <Box sx={{ flex: 1 }} />
        {menu.map((name) => (
          <Box key={name} sx={{ color: dark ? colors.primaryText : colors.text, opacity: 0.9 }}>
            {name}
          </Box>
        ))}
      </Stack>
      <Box sx={{ position: 'relative', height: 120 * scale, bgcolor: colors.theme }}>
        <Box
          component="img"
          src={template.preview}
          alt=""
          width={1600}
          height={640}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        <Box
          sx={{
            position: 'absolute',
            left: 12,
            bottom: 10,
            color: '#fff',
            fontWeight: 700,
            fontSize: 16 * scale,
            textShadow: '0 1px 3px rgba(0,0,0,.5)'
          }}
        >
          {slideText}
        </Box>
      </Box>
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: 15 * scale, pt: 1.5 * scale, px: 1 }}>
        {pick(tagline?.props.text as TemplateText | undefined, language)}
      </Box>
      <Stack direction="row" spacing={1} sx={{ p: 1.5 * scale, justifyContent: 'center' }}>
        {[0, 1, 2, 3].map((index) => (
          <Box key={index} sx={{ flex: 1, maxWidth: 90, border: 1, borderColor: colors.disabledText, borderRadius: 0.5 }}>
            <Box sx={{ height: 44 * scale, bgcolor: colors.secondary, opacity: 0.35 + index * 0.12 }} />
            <Box sx={{ height: 5, m: 0.75, bgcolor: colors.text, opacity: 0.5, borderRadius: 1 }} />
            <Box sx={{ height: 5, width: '40%', m: 0.75, bgcolor: colors.accent, borderRadius: 1 }} />
          </Box>
        ))}
      </Stack>
      <Box sx={{ height: 14 * scale, bgcolor: colors.theme, opacity: 0.85 }} />
    </Box>
  )
}
