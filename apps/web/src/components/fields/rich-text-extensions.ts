import StarterKit from '@tiptap/starter-kit'
import { safeLinkHref } from '@emporia/shared'
import { headingLevels } from './rich-text-rules'
import { TextColour } from './text-colour-mark'

/**
 * The rich-text editor's schema (spec §9.5): paragraphs, headings 1–6, bold, italic, underline, strike,
 * lists, links (only addresses `safeLinkHref` keeps, also when pasted or typed) and the hex text colour.
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [...headingLevels] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // What the server's sanitiser keeps (decision 0191): a new tab's target and rel are set per link.
      HTMLAttributes: { target: null, rel: 'noopener noreferrer' },
      isAllowedUri: (url) => safeLinkHref(url) !== undefined
    }
  }),
  TextColour
]
