import { useMemo, useState } from 'react'
import { createPortal } from 'react-dom'
import { Box } from '@mui/material'
import { baseCss, RenderNodes, renderContext, ThemeContextProvider, themeVariables } from '@emporia/theme'
import {
  collectFetches,
  fetchKey,
  pickTran,
  resolvePage,
  type ComponentModel,
  type LocaleId,
  type PageNode,
  type ShopTemplate,
  templateComponentData,
  templateThemeData,
  type ThemeColors
} from '@emporia/shared'

interface TemplatePreviewProps {
  template: ShopTemplate
  colors: Required<ThemeColors>
  language: LocaleId
  /** Smaller for the template cards, larger beside the colour choices. */
  compact?: boolean
  testId?: string
}

/** The width the page is laid out at before it is scaled down: a desktop storefront. */
const PAGE_WIDTH = 1280
const PAGE_HEIGHT = 1100

/** Sample products, so the featured list shows cards as the merchant's products will. */
const samples = (template: ShopTemplate, language: LocaleId) =>
  [
    { en: 'Linen tote', cht: '亞麻手袋', chs: '亚麻手袋', price: 38_000 },
    { en: 'Ceramic cup', cht: '陶瓷杯', chs: '陶瓷杯', price: 16_000, dprice: 12_800 },
    { en: 'Desk lamp', cht: '檯燈', chs: '台灯', price: 89_000 },
    { en: 'Tea set', cht: '茶具套裝', chs: '茶具套装', price: 56_000 }
  ].map((sample, index) => ({
    _id: `sample${index}`,
    name: pickTran(sample, language),
    images: [{ type: 'src', src: `/eshop-templates/${template.id}-slide-${(index % 3) + 1}.svg`, width: 1600, height: 640 }],
    price: sample.price,
    dprice: sample.dprice ?? null
  }))

/**
 * A real rendering of the template's home page (the storefront's own theme components over the shared
 * resolver, decisions 0106 and 0108) with its header, sample products and the chosen colours, in an
 * isolated frame (the theme's stylesheet stays out of the back office) scaled down like a screenshot.
 */
export const TemplatePreview = ({ template, colors, language, compact, testId }: TemplatePreviewProps) => {
  const [body, setBody] = useState<HTMLElement | null>(null)
  const scale = compact ? 0.22 : 0.4
  const nodes = useMemo(() => {
    // As installed: the template's own colours swapped for the chosen ones (keys stand for ids here).
    const ids = Object.fromEntries(template.components.map((component) => [component.key, component.key]))
    const components: Record<string, ComponentModel> = Object.fromEntries(
      template.components.map((component) => [
        component.key,
        { ...templateComponentData(template, component, ids, colors, language), _id: component.key }
      ])
    )
    const home = components[template.home]
    const theme = templateThemeData(template, ids, colors)
    const header: PageNode = { id: 'preview-header', type: 'header', props: { ...theme.header, items: theme.headerMenu } }
    const model = { ...home, content: [header, ...home.content] }
    const products = samples(template, language)
    const fetched = Object.fromEntries(collectFetches(model, components).map((call) => [fetchKey(call), products]))
    const pages = template.pages.map((page) => ({ component: page.component, path: page.path }))
    return resolvePage(model, { locale: language, fetched, components, pages }).nodes
  }, [template, language, colors])
  const context = useMemo(
    () => renderContext({ locale: language, shopName: pickTran(template.name, language) }),
    [language, template]
  )
  return (
    <Box
      aria-hidden
      data-testid={testId}
      sx={{
        position: 'relative',
        width: PAGE_WIDTH * scale,
        maxWidth: '100%',
        height: PAGE_HEIGHT * scale,
        overflow: 'hidden',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: colors.background
      }}
    >
      <iframe
        title={pickTran(template.name, language)}
        tabIndex={-1}
        srcDoc="<!doctype html><html><head></head><body></body></html>"
        onLoad={(event) => setBody(event.currentTarget.contentDocument?.body ?? null)}
        style={{
          width: PAGE_WIDTH,
          height: PAGE_HEIGHT,
          border: 0,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          pointerEvents: 'none'
        }}
      />
      {body &&
        createPortal(
          <ThemeContextProvider value={context}>
            <style>{`${baseCss}${themeVariables(colors, template.font)}body{overflow:hidden}`}</style>
            <RenderNodes nodes={nodes} />
          </ThemeContextProvider>,
          body
        )}
    </Box>
  )
}
