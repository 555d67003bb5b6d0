import { ID_PATTERN, normalPhone, textCondition } from '@emporia/shared'

/*
 * Finding a member at the till (spec §2.13 member list, decision 0100): a member card's code is the
 * customer's record id (no member QR exists elsewhere yet), so a scanned or typed id is a direct get;
 * any other text searches name, phone and e-mail by their start, as the customer list does (§3.16).
 */

const idPattern = new RegExp(ID_PATTERN)

export type MemberLookup = { kind: 'id'; id: string } | { kind: 'search'; query: Record<string, unknown> } | { kind: 'none' }

export const MIN_SEARCH = 2

export const memberLookup = (input: string): MemberLookup => {
  const text = input.trim()
  if (idPattern.test(text.toLowerCase())) return { kind: 'id', id: text.toLowerCase() }
  if (text.length < MIN_SEARCH) return { kind: 'none' }
  const phone = normalPhone(text)
  const or: Record<string, unknown>[] = [{ name: textCondition('regstart', text) }, { email: textCondition('regstart', text) }]
  // Phones are stored without spaces or dashes: "9123 4567" finds 91234567.
  if (/^\+?[0-9]+$/.test(phone)) or.push({ phone: textCondition('regstart', phone) })
  return { kind: 'search', query: { $or: or, $limit: 20, $sort: { name: 1 } } }
}
