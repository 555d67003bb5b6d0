import { useRenderContext } from './context'
import { Picture } from './media'
import { say } from './messages'
import { formatCents, list, record, text } from './props'

// Topic pages drawn by the theme (decision 0208): a shop's campaign pages (decision 0205) as storefront
// pages, their products as the theme's product cards with add-to-cart (the cart island reads
// `data-add-to-cart` with `data-product`). Pure components: the server renders them to HTML.

/** A published topic as its page shows it: texts in the page's language, content as stored (sanitised). */
export interface TopicView {
  _id: string
  name: string
  desc: string
  banner?: unknown
  content?: string
  /** Cents; none when the topic names no price. */
  price?: number | null
}

type Row = Record<string, unknown>

/** The topic's price as the shop writes money, or nothing. */
const priceText = (price: number | null | undefined, currency: string) =>
  typeof price === 'number' ? formatCents(price, currency) : ''

/** One product of a topic as the theme's product card: picture, name, price, and add-to-cart. */
export const ProductCard = ({ product }: { product: Row }) => {
  const { base, locale } = useRenderContext()
  const id = text(product._id)
  const name = text(product.name)
  const href = `${base}/products/${id}`
  const hasSkus = list(product.skus).length > 0
  const price = text(product.price)
  const dprice = text(product.dprice)
  return (
    <li className="ef-product-card" data-product-card={id}>
      <a className="ef-imgbtn ef-imgbtn--bottom ef-imgbtn--product" href={href}>
        <span className="ef-imgbtn__media">
          <Picture image={list(product.images)[0]} alt={name} sizes="(max-width: 600px) 50vw, 25vw" />
        </span>
        <span className="ef-imgbtn__text">{name}</span>
      </a>
      <p className="ef-product-card__price">
        {dprice ? (
          <>
            <s>{price}</s> <strong>{dprice}</strong>
          </>
        ) : (
          <strong>{price}</strong>
        )}
      </p>
      {product.inStock === false ? (
        <p className="ef-skus__out">{say(locale, 'soldOut')}</p>
      ) : hasSkus ? (
        // A product with options is chosen on its own page (the SKU picker).
        <a className="ef-btn ef-btn--outlined ef-btn--small" href={href}>
          {say(locale, 'chooseOptions')}
        </a>
      ) : (
        <button type="button" className="ef-btn ef-btn--contained ef-btn--small" data-add-to-cart data-product={id}>
          {say(locale, 'addToCart')}
        </button>
      )}
    </li>
  )
}

/** A topic's page: banner, name, description, price, rich content, then its products as cards. */
export const TopicPage = ({ topic, products }: { topic: TopicView; products: readonly Row[] }) => {
  const context = useRenderContext()
  const price = priceText(topic.price, context.currency)
  const content = text(topic.content)
  return (
    <article className="ef-topic" data-topic={topic._id}>
      {record(topic.banner) ? (
        <div className="ef-topic__banner">
          <Picture image={topic.banner} alt={topic.name} eager />
        </div>
      ) : null}
      <div className="ef-container">
        <h1 className="ef-topic__name">{topic.name}</h1>
        {topic.desc ? <p className="ef-topic__desc">{topic.desc}</p> : null}
        {price ? (
          <p className="ef-topic__price">
            <strong>{price}</strong>
          </p>
        ) : null}
        {content ? (
          <div className="ef-html ef-topic__content" dangerouslySetInnerHTML={{ __html: context.sanitizeHtml(content) }} />
        ) : null}
        {products.length ? (
          <section aria-label={say(context.locale, 'topicProducts')}>
            <h2>{say(context.locale, 'topicProducts')}</h2>
            <ul className="ef-product-cards">
              {products.map((product) => (
                <ProductCard key={text(product._id)} product={product} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  )
}

/** The shop's published topics, each a card leading to its page. */
export const TopicList = ({ topics }: { topics: readonly TopicView[] }) => {
  const { base, locale, currency } = useRenderContext()
  return (
    <section className="ef-container ef-topics">
      <h1>{say(locale, 'topics')}</h1>
      {topics.length ? (
        <ul className="ef-product-cards">
          {topics.map((topic) => (
            <li className="ef-product-card" key={topic._id}>
              <a className="ef-imgbtn ef-imgbtn--bottom" href={`${base}/topics/${topic._id}`}>
                {record(topic.banner) ? (
                  <span className="ef-imgbtn__media">
                    <Picture image={topic.banner} alt={topic.name} sizes="(max-width: 600px) 50vw, 25vw" />
                  </span>
                ) : null}
                <span className="ef-imgbtn__text">{topic.name}</span>
              </a>
              {topic.desc ? <p>{topic.desc}</p> : null}
              {priceText(topic.price, currency) ? (
                <p className="ef-product-card__price">
                  <strong>{priceText(topic.price, currency)}</strong>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{say(locale, 'topicsEmpty')}</p>
      )}
    </section>
  )
}

/** A published banner of type `app` (spec §3.13) as the installed app shows it. */
export interface AppBannerView {
  _id: string
  name: string
  image?: unknown
  /** A video file of the media library (its attachment id), shown when the banner has no picture. */
  video?: string
  /** Where a tap leads: an outside address or a path of the shop's own site. */
  url?: string
}

/** A banner's link: an http(s) address as given, a path of the shop under its base; anything else none. */
const bannerHref = (url: string | undefined, base: string) => {
  if (!url) return undefined
  if (/^https?:\/\/[^\s"<>]+$/i.test(url)) return { href: url, external: true }
  if (/^\/(?!\/)[^\s"<>]*$/.test(url)) return { href: `${base}${url}`, external: false }
  return undefined
}

/**
 * The shop's app banners (decision 0208), drawn on every page of a shop that offers its app and shown by
 * CSS only when the page runs as the installed app (`@media (display-mode: standalone)`): no script.
 */
export const AppBanners = ({ banners }: { banners: readonly AppBannerView[] }) => {
  const context = useRenderContext()
  if (!banners.length) return null
  return (
    <section className="ef-app-banners" aria-label={say(context.locale, 'appBanners')} data-app-banners>
      {banners.map((banner, index) => {
        const to = bannerHref(banner.url, context.base)
        const media = record(banner.image) ? (
          <Picture image={banner.image} alt={banner.name} eager={index === 0} />
        ) : banner.video ? (
          <video src={context.fileUrl(banner.video)} muted autoPlay loop playsInline aria-label={banner.name} />
        ) : null
        if (!media) return null
        return (
          <div className="ef-app-banner" key={banner._id} data-app-banner={banner._id}>
            {to ? (
              <a href={to.href} {...(to.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {media}
              </a>
            ) : (
              media
            )}
          </div>
        )
      })}
    </section>
  )
}
