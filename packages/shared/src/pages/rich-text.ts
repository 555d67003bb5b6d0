// An editor's empty document: paragraphs holding nothing but line breaks, non-breaking spaces or blanks.
const EMPTY_PARAGRAPHS = /^(\s|<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)*$/i

/** What the rich-text field stores (§5.6): an empty paragraph is stored as an empty string. */
export const richTextEntry = (html: string): string => (html.length <= 1000 && EMPTY_PARAGRAPHS.test(html) ? '' : html)
