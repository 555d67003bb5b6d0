/**
 * A person's name in the order of its language (decision 0154). Chinese, Japanese and Korean names
 * are written family name first: 陳 + 小明 is "陳小明" (no space between Han or kana characters, one
 * between Hangul parts: "김 민준"). Other names are given name first: "Ann Lee". A name with either
 * part in one of those scripts goes family first ("陳 Siu Ming"). Either part alone is the name.
 */
const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const HANGUL = /\p{Script=Hangul}/u
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Whether a name is written family name first: either part is in a CJK script. */
export const familyNameFirst = (first: unknown, last: unknown): boolean =>
  EAST_ASIAN.test(part(first)) || EAST_ASIAN.test(part(last))

/** The name to show for given (`first`) and family (`last`) names; empty when neither is given. */
export const personName = (first: unknown, last: unknown): string => {
  const given = part(first)
  const family = part(last)
  if (!given || !family) return given || family
  if (!familyNameFirst(given, family)) return `${given} ${family}`
  // Han and kana run together; Hangul (and a Latin given name) keeps the space Korean writes.
  const joined = HAN_KANA.test(family) && HAN_KANA.test(given) && !HANGUL.test(given + family)
  return joined ? `${family}${given}` : `${family} ${given}`
}
