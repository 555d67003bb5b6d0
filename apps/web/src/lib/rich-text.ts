/** Spec §5.6: an editor holding only an empty paragraph stores "" rather than "<p></p>". */
export const storedHtml = (html: string): string => (/^(<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)*$/i.test(html.trim()) ? '' : html)
