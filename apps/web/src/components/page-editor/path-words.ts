type TAny = (key: string, values?: Record<string, unknown>) => string

/** A message's text, or undefined when the translator has none (it answers the key itself). */
const known = (tAny: TAny, key: string, values?: Record<string, unknown>) => {
  const text = tAny(key, values)
  return text && text !== key ? text : undefined
}

const LOOP = /^\$\$(\d+)$/

/**
 * One step of a linked path in the merchant's words: a loop's item ("每一項"), a field of a product or a
 * picture ("名稱", "價錢"), a list's item ("第 1 項"); a data variable keeps the name the merchant gave it.
 */
export const stepWords = (step: string, tAny: TAny, first = false): string => {
  const loop = LOOP.exec(step)
  if (loop) {
    const depth = Number(loop[1])
    return (depth === 0 ? known(tAny, 'pe.exp.loop') : known(tAny, 'pe.exp.outerLoop', { depth })) ?? step
  }
  // The first step that is not a loop is a data variable: the merchant's own name, even "price"; the
  // setup wizard's templates name theirs in the editor's words ("featured" is "精選產品").
  if (first) return known(tAny, `pe.var.${step}`) ?? step
  if (/^\d+$/.test(step)) return known(tAny, 'pe.exp.index', { n: Number(step) + 1 }) ?? step
  return known(tAny, `pe.field.${step}`) ?? step
}

/** A linked path (`$$0.name`) as the merchant reads it: "每一項 › 名稱". */
export const pathWords = (path: string, tAny: TAny): string =>
  path
    .split('.')
    .map((step, index) => stepWords(step, tAny, index === 0))
    .join(' › ')

/** A choice of an `enum` prop in the merchant's words ("段落", not "p"); the stored value when none. */
export const optionWords = (prop: string | undefined, option: string | number, tAny: TAny): string =>
  (prop && known(tAny, `pe.option.${prop}.${option}`)) || String(option)
