// The names one service's files use, from its servicePaths key (camelCase, e.g. `giftCards`).
export const kebab = (text) => text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
export const upper = (text) => text[0].toUpperCase() + text.slice(1)
export const lower = (text) => text[0].toLowerCase() + text.slice(1)
export const singular = (text) => (text.endsWith('ies') ? `${text.slice(0, -3)}y` : text.replace(/s$/, ''))
/** `giftCards` → `gift cards`: how a merchant reads it. */
export const words = (text) => kebab(lower(text)).replace(/-/g, ' ')
export const article = (text) => (/^[aeiou]/i.test(text) ? `an ${text}` : `a ${text}`)

/** A property key as TypeScript wants it: bare when it is an identifier, quoted otherwise. */
export const key = (text) => (/^[A-Za-z_$][\w$]*$/.test(text) ? text : `'${text}'`)

/** Every name of a service called `name`, whose record type is `entity` (default: the singular). */
export const namesOf = (name, entity = upper(singular(name))) => ({
  name, // giftCards: the servicePaths key and the register function
  entity, // GiftCard: the record type
  one: lower(entity), // giftCard: its schema is giftCardSchema
  folder: kebab(name), // gift-cards: the server's and the web's folder
  file: kebab(lower(entity)) // gift-card: the shared schema file
})
