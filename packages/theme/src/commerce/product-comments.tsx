import type { LocaleId } from '@emporia/shared'
import { COMMENT_MAX_LENGTH } from '@emporia/shared'
import { commerceCss } from './commerce-css'
import { commerceText, type CommerceMessageKey } from './commerce-messages'
import { islandTexts } from './island-texts'

/** One approved comment as a product page shows it: no customer id, the author's first name only. */
export interface PublicComment {
  _id: string
  author: string
  rating: number | null
  text: string
  reply: string | null
  date: string
}

/** The comments' few styles, on the theme's variables. */
const commentsCss = `
.ef-comments h2{font-size:22px}
.ef-comments__list{list-style:none;margin:0 0 16px;padding:0}
.ef-comment{padding:12px 0;border-bottom:1px solid rgba(0,0,0,.1)}
.ef-comment__head{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline;margin:0 0 4px}
.ef-comment__head time{color:rgba(0,0,0,.55);font-size:14px}
.ef-comment__stars{color:#f5a623;letter-spacing:1px}
.ef-comment__text{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.ef-comment__reply{margin:8px 0 0 16px;padding:8px 12px;border-left:3px solid var(--ef-primary);background:rgba(0,0,0,.03);white-space:pre-line}
.ef-comments select{font:inherit;padding:8px 12px;border:1px solid rgba(0,0,0,.25);border-radius:6px;min-height:44px;max-width:240px}
.ef-comment__hint{font-size:14px;color:rgba(0,0,0,.6)}
`

const ISLAND_TEXTS = ['comments.sent', 'comments.signIn', 'comments.failed'] as const satisfies readonly CommerceMessageKey[]

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating)

/**
 * A product page's comments (decision 0193): the approved ones, newest first, each with the shop's
 * reply under it, then the form a signed-in customer sends (the `productComment` island posts it to
 * `{base}/_commerce/comments`); a new comment shows once the shop approves it.
 */
export const ProductComments = ({
  locale,
  base,
  product,
  comments
}: {
  locale: LocaleId
  base: string
  product: string
  comments: PublicComment[]
}) => {
  const t = (key: CommerceMessageKey) => commerceText(key, locale)
  return (
    <section className="ef-commerce ef-comments" data-testid="product-comments">
      <style>{commerceCss + commentsCss}</style>
      <h2>{t('comments.title')}</h2>
      {comments.length ? (
        <ul className="ef-comments__list">
          {comments.map((comment) => (
            <li key={comment._id} className="ef-comment" data-testid="product-comment">
              <p className="ef-comment__head">
                <strong>{comment.author || t('comments.anonymous')}</strong>
                {comment.rating ? (
                  <span className="ef-comment__stars" aria-label={`${comment.rating}/5`}>
                    {stars(comment.rating)}
                  </span>
                ) : null}
                <time dateTime={comment.date}>
                  {new Date(comment.date).toLocaleDateString(locale === 'en' ? 'en' : locale === 'cht' ? 'zh-HK' : 'zh-CN')}
                </time>
              </p>
              <p className="ef-comment__text">{comment.text}</p>
              {comment.reply ? (
                <p className="ef-comment__reply">
                  <strong>{t('comments.reply')}</strong> {comment.reply}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ef-note">{t('comments.empty')}</p>
      )}
      <form
        className="ef-form"
        data-island="productComment"
        data-base={base}
        data-product={product}
        data-texts={islandTexts(locale, ISLAND_TEXTS)}
      >
        <h3>{t('comments.write')}</h3>
        <label>
          {t('comments.rating')}
          <select name="rating" defaultValue="">
            <option value="">{t('comments.noRating')}</option>
            {[5, 4, 3, 2, 1].map((value) => (
              <option key={value} value={value}>
                {stars(value)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('comments.text')}
          <textarea name="text" required maxLength={COMMENT_MAX_LENGTH} rows={4} />
          <span className="ef-error" data-error-for="text" />
        </label>
        <p className="ef-error" data-comment-error role="alert" />
        <p className="ef-note" data-comment-sent hidden />
        <button className="ef-btn" type="submit">
          {t('comments.send')}
        </button>
        <p className="ef-comment__hint">
          {t('comments.hint')} <a href={`${base}/account`}>{t('comments.account')}</a>
        </p>
      </form>
    </section>
  )
}
