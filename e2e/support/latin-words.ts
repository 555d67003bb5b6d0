import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/*
 * "Every string translated" as a browser check (decision 0160): on a page shown in Chinese, a word in
 * Latin letters is either text nobody translated or one of the few words a Chinese-reading merchant reads
 * as they are. What counts as a word:
 * - a run of Latin letters (apostrophes and hyphens inside it kept: "don't", "check-in");
 * - a token with a digit in it is a code, not a word (SKU "TEA-001", an order number, "F2", "3x");
 * - e-mail addresses and URLs are addresses, not words; a colour written as hex (#ffffff) is a code;
 * - a word the spec's own data brought (names it gave its records) is allowed by the spec (`allow`).
 * What is read: the body's visible text (its innerText, which leaves out hidden elements; a shown tooltip
 * is in it), and the placeholders, aria-labels and titles of visible elements.
 */

/**
 * Words a merchant reading Chinese reads as they are. Small on purpose: a word goes here only when the
 * shop or the wider world writes it in Latin letters in Chinese text too, never because translating it
 * is work.
 */
export const ALLOWED_LATIN_WORDS: readonly string[] = [
  // The product's own name (the mails' subjects name it too).
  'Emporia',
  // The language menu names each language in itself.
  'English',
  // Currency codes and the dollar sign's prefix as Hong Kong prices are written (HK$).
  'HK',
  'HKD',
  'USD',
  'CNY',
  'RMB',
  'MOP',
  'TWD',
  // Codes written in Latin letters in Chinese retail: stock-keeping unit, point of sale, QR code, an ID.
  'SKU',
  'POS',
  'QR',
  'ID',
  // Technical terms Chinese software writes in Latin letters too (file formats, web standards, the PIN
  // pad); the sentence around each is translated.
  'PIN',
  'USB',
  'CSV',
  'XLSX',
  'GLB',
  'PDF',
  'DNS',
  'TXT',
  'CNAME',
  'SEO',
  'CSS',
  'HTML',
  'SMTP',
  'TLS',
  'API',
  'URL',
  'Webhook',
  // Key caps as printed on the keyboard (the till's shortcuts).
  'Enter',
  'Esc',
  // The units a shop sells by, as printed on its labels.
  'kg',
  'g',
  'cm',
  'mm',
  'm',
  'ml',
  'L',
  // Payment and social brands the settings connect to, written as the brands write themselves.
  'Stripe',
  'PayPal',
  'Visa',
  'Mastercard',
  'Facebook',
  'Instagram',
  'WhatsApp',
  'Google',
  'YouTube',
  'LINE',
  'Twitter',
  'SendGrid',
  'Xero'
]

export interface LatinWordsOptions {
  /** More words allowed here: the names the spec's own data brought (a phrase allows each of its words). */
  allow?: string[]
  /** Where the page is (a route or a step), for the failure's message. */
  where?: string
}

interface Found {
  word: string
  context: string
}

/** The visible text of the page and its visible controls' placeholders, labels and titles, one per line. */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const visible = (element: Element) => {
      if (!(element instanceof HTMLElement) && !(element instanceof SVGElement)) return false
      if (element.closest('[aria-hidden="true"]')) return false
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) return false
      const style = getComputedStyle(element)
      return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0'
    }
    const lines = [document.body.innerText]
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (!visible(element)) continue
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)
        if (value) lines.push(value)
      }
    }
    return lines.join('\n')
  })

/** Latin words in `text` with a short context each, addresses and codes left out (the rules above). */
export const latinWordsIn = (text: string, allowed: ReadonlySet<string>): Found[] => {
  const found: Found[] = []
  for (const line of text.split('\n')) {
    // Addresses first: an e-mail address or a URL (with or without its scheme) is not words.
    const cleaned = line
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, (match) => ' '.repeat(match.length))
      .replace(/\b(https?:\/\/|www\.)\S+/g, (match) => ' '.repeat(match.length))
      .replace(/#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\b/gi, (match) => ' '.repeat(match.length))
      // A path ("/products/:id") or a slash-joined identifier ("Asia/Hong_Kong") names, it does not say.
      .replace(/(^|\s|「|（|\()\/[\w/:.-]*/g, (match) => ' '.repeat(match.length))
      .replace(/[A-Za-z_]+(\/[A-Za-z_]+)+/g, (match) => ' '.repeat(match.length))
      .replace(/\b[\w-]+(\.[\w-]+)*\.(com|net|org|io|hk|test|shop|store|app)(\/\S*)?\b/gi, (match) => ' '.repeat(match.length))
    // Tokens of letters and digits; one with a digit is a code.
    for (const match of cleaned.matchAll(/[A-Za-z0-9][A-Za-z0-9'’_-]*/g)) {
      const token = match[0].replace(/['’_-]+$/, '')
      if (/[0-9_]/.test(token) || !/[A-Za-z]/.test(token)) continue
      for (const word of token.split('-')) {
        // A word in capitals may be the style's (text-transform: uppercase): "ENGLISH" is "English".
        const styled = word === word.toUpperCase() ? `${word[0]}${word.slice(1).toLowerCase()}` : word
        if (!word || allowed.has(word) || allowed.has(styled) || allowed.has(word.replace(/['’]s$/, ''))) continue
        const start = Math.max(0, match.index - 20)
        const end = Math.min(line.length, match.index + match[0].length + 20)
        const context = `${start > 0 ? '…' : ''}${line.slice(start, end).trim()}${end < line.length ? '…' : ''}`
        found.push({ word, context })
      }
    }
  }
  return found
}

/**
 * Fails when the page shows a Latin word outside the allow-list (decision 0160), naming each word once
 * with the text around it, so the failure says which text to translate.
 */
export const expectNoLatinWords = async (page: Page, options: LatinWordsOptions = {}) => {
  const allowed = new Set([...ALLOWED_LATIN_WORDS, ...(options.allow ?? []).flatMap((phrase) => phrase.split(/[^A-Za-z'’]+/))])
  const found = latinWordsIn(await visibleText(page), allowed)
  const seen = new Set<string>()
  const report = found
    .filter(({ word, context }) => !seen.has(`${word} ${context}`) && seen.add(`${word} ${context}`))
    .map(({ word, context }) => `${word}  «${context}»`)
  const where = options.where ?? new URL(page.url()).pathname
  expect(report.length, `Latin words on ${where}:\n  ${report.join('\n  ')}`).toBe(0)
}
