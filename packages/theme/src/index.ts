// The storefront's theme components (issue 18; decision 0108): React renderers of resolved page trees,
// pure (no browser-only hooks) so the server renders them to HTML and the editor previews the same.
export { RenderNodes, themeRenderers, type ThemeComponentProps } from './render-nodes'
export {
  ThemeContextProvider,
  defaultRenderContext,
  renderContext,
  useRenderContext,
  type Crumb,
  type ListingQuery,
  type ThemeRenderContext
} from './context'
export { Picture, imageSource, type ImageSource } from './media'
export { MenuItemView, MenuList } from './menu'
export { Header, Footer, Drawer } from './chrome'
export { themeChromeNodes } from './chrome-nodes'
export { Button, Container, Flex, Html, Layout, Link, Text } from './blocks'
export { ImageButton, Slider, Video } from './media-blocks'
export { NumPicker, ProductFilter, Tab, listingSorts } from './interactive'
export { Attributes, SitePath, SkuPicker } from './product-blocks'
export { Icon } from './icons'
export { SocialLinks, socialLinks, type SocialLink } from './social-links'
export { baseCss, defaultThemeColors, themeVariables } from './base-css'
export { say, storefrontMessages, type StorefrontMessageKey } from './messages'
export { escapeText, formatCents } from './props'
// The storefront's cart and checkout pieces (decision 0109).
export * from './commerce'
// A products source's answer as pages show it, on the server and on the editor's canvas (decision 0163).
export {
  publicProduct,
  visibleProductsQuery,
  SOLD_OUT_STATUSES,
  VISIBLE_PRODUCTS,
  type PublicProductOptions,
  type StorefrontCategory
} from './public-product'
// Topic pages, their product cards, and the installed app's banners (decision 0208).
export { AppBanners, ProductCard, TopicList, TopicPage, type AppBannerView, type TopicView } from './topic-page'
