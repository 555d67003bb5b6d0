/**
 * Numeric fields accept arithmetic (spec §5.1 badExp): numbers, + - * / %, unary signs and
 * brackets. A hand-written recursive-descent parser, so user text is never evaluated as code.
 */
export type ExpressionResult = { ok: true; value: number } | { ok: false }

const TOKEN = /\s*(\d+(?:\.\d*)?|\.\d+|[-+*/%()])/y

const tokenize = (text: string): string[] | undefined => {
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  let index = 0
  while (index < text.length) {
    if (/^\s*$/.test(text.slice(index))) break
    TOKEN.lastIndex = index
    const match = TOKEN.exec(text)
    if (!match) return undefined
    tokens.push(match[1])
    index = TOKEN.lastIndex
  }
  return tokens
}

export const evaluateExpression = (input: string | number): ExpressionResult => {
  if (typeof input === 'number') return Number.isFinite(input) ? { ok: true, value: input } : { ok: false }
  // Thousands separators are common in pasted amounts.
  const tokens = tokenize(input.replace(/,/g, ''))
  if (!tokens || tokens.length === 0) return { ok: false }
  let position = 0
  const peek = () => tokens[position]
  const next = () => tokens[position++]

  const primary = (): number => {
    const token = next()
    if (token === undefined) throw new Error('end')
    if (token === '(') {
      const value = sum()
      if (next() !== ')') throw new Error('bracket')
      return value
    }
    if (token === '-') return -primary()
    if (token === '+') return primary()
    const value = Number(token)
    if (Number.isNaN(value)) throw new Error('token')
    return value
  }
  const product = (): number => {
    let value = primary()
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const op = next()
      const right = primary()
      value = op === '*' ? value * right : op === '/' ? value / right : value % right
    }
    return value
  }
  const sum = (): number => {
    let value = product()
    while (peek() === '+' || peek() === '-') {
      const op = next()
      const right = product()
      value = op === '+' ? value + right : value - right
    }
    return value
  }
  try {
    const value = sum()
    if (position !== tokens.length || !Number.isFinite(value)) return { ok: false }
    // Binary fractions: 0.1 + 0.2 shows as 0.3, not 0.30000000000000004.
    return { ok: true, value: Number.parseFloat(value.toPrecision(12)) }
  } catch {
    return { ok: false }
  }
}
