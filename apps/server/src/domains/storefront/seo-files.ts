import type { Application } from '@feathersjs/feathers'
import { servicePaths } from '@emporia/shared'
import { VISIBLE_PRODUCTS } from './catalogue'
import { isProductPage } from './page-match'
import type { PublishedSite } from './site'

/** How many products the sitemap lists (one file; the format allows 50,000 addresses). */
export const SITEMAP_PRODUCTS = 10_000

const xml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

/** robots.txt: everything but the visitors' own pages (cart, checkout, accounts), and where the sitemap is. */
export const robotsTxt = (root: string, privatePaths: readonly string[]) =>
  [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path.split('/:')[0] || '/'}`).filter((line) => line !== 'Disallow: /'),
    `Sitemap: ${root}/sitemap.xml`,
    ''
  ].join('\n')

/** sitemap.xml: the published pages without parameters, every visible product on the product page, the published topics. */
export const sitemapXml = async (app: Application, shop: string, site: PublishedSite | null, root: string) => {
  const pages = site?.snapshot.pages ?? []
  const urls = pages
    .filter((page) => !page.path.includes(':'))
    .map((page) => ({ loc: `${root}${page.path === '/' ? '/' : page.path}` }))
  const productPage = pages.find((page) => isProductPage(page.path))
  if (productPage) {
    const rows = (await app.service(servicePaths.products).find({
      query: { shop, ...VISIBLE_PRODUCTS, $select: ['_id', 'updatedAt'], $sort: { _id: 1 }, $limit: SITEMAP_PRODUCTS },
      paginate: false
    } as never)) as { _id: string; updatedAt?: string }[]
    for (const row of rows)
      urls.push({
        loc: `${root}${productPage.path.replace(':id', row._id)}`,
        ...(row.updatedAt ? { lastmod: new Date(row.updatedAt).toISOString() } : {})
      } as { loc: string })
  }
  // The published topic pages, which the theme draws whatever pages the site has (decision 0208).
  if (app.services[servicePaths.miniTopics]) {
    const topics = (await app.service(servicePaths.miniTopics).find({
      query: { shop, status: 'published', $select: ['_id', 'updatedAt'], $sort: { order: 1 }, $limit: 100 },
      paginate: false
    } as never)) as { _id: string; updatedAt?: string }[]
    if (topics.length) urls.push({ loc: `${root}/topics` })
    for (const topic of topics)
      urls.push({
        loc: `${root}/topics/${topic._id}`,
        ...(topic.updatedAt ? { lastmod: new Date(topic.updatedAt).toISOString() } : {})
      } as { loc: string })
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => {
      const lastmod = (url as { lastmod?: string }).lastmod
      return `<url><loc>${xml(url.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
    }),
    '</urlset>',
    ''
  ].join('\n')
}
