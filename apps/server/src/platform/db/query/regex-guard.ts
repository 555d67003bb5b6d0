/**
 * Refuses `$regex` patterns whose compiled automaton could be huge before they reach the database
 * (docs/decisions/0068). PostgreSQL's regex engine builds an automaton first: a repeat inside a repeat
 * multiplies its size (`(a{0,255}){0,255}` froze PGlite for every caller; PostgreSQL answers "too
 * complex"). PGlite cannot interrupt a running statement, so this check is its only defence.
 *
 * What is refused: a quantifier applied to something that already holds one (`(a+)+`, `(a{2}){3}`,
 * `a**`), a repeat bound over MAX_REPEAT, back-references (`\1`: the engine backtracks for them), and
 * patterns whose estimated size (atoms × repeat bounds) is over MAX_WEIGHT. Escaped text (what the
 * search box and lookups send) is never refused.
 */
export const MAX_REPEAT = 255
export const MAX_WEIGHT = 2000

interface Group {
  /** Weight of the finished alternatives (`a|b|`), and of the one being read. */
  done: number
  current: number
  quantified: boolean
}

interface Atom {
  weight: number
  /** Holds a quantifier (a group with one inside, or a quantified atom). */
  quantified: boolean
  /** The atom is itself a quantifier's result; only a lazy `?` may follow it. */
  repeated: boolean
  lazy?: boolean
}

const BOUND = /^\{(\d+)(,(\d*))?\}/

/** Where the bracket expression starting at `start` ends (the index after its `]`). */
const bracketEnd = (pattern: string, start: number): number => {
  let i = start + 1
  if (pattern[i] === '^') i++
  if (pattern[i] === ']') i++
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '[' && ':.='.includes(pattern[i + 1] ?? '')) {
      const close = pattern.indexOf(`${pattern[i + 1]}]`, i + 2)
      i = close === -1 ? pattern.length : close + 2
    } else i += pattern[i] === '\\' ? 2 : 1
  }
  return i + 1
}

/** Why the pattern is refused, or null when it may run. */
export const regexProblem = (pattern: string): string | null => {
  const stack: Group[] = [{ done: 0, current: 0, quantified: false }]
  let last: Atom | null = null
  const top = () => stack[stack.length - 1]
  const add = (atom: Atom) => {
    top().current += atom.weight
    last = atom
  }
  let i = 0
  while (i < pattern.length) {
    const c = pattern[i]
    if (c === '\\') {
      if (/[1-9]/.test(pattern[i + 1] ?? '')) return 'back-references are not allowed'
      add({ weight: 1, quantified: false, repeated: false })
      i += 2
      continue
    }
    if (c === '[') {
      add({ weight: 1, quantified: false, repeated: false })
      i = bracketEnd(pattern, i)
      continue
    }
    if (c === '(') {
      stack.push({ done: 0, current: 0, quantified: false })
      last = null
      // `(?:`, `(?=`, `(?!`: the marker is not an atom.
      i += pattern[i + 1] === '?' ? 3 : 1
      continue
    }
    if (c === ')' && stack.length > 1) {
      const group = stack.pop() as Group
      add({ weight: Math.max(1, group.done + group.current), quantified: group.quantified, repeated: false })
      i++
      continue
    }
    if (c === '|') {
      top().done += top().current
      top().current = 0
      last = null
      i++
      continue
    }
    const bound = c === '{' ? BOUND.exec(pattern.slice(i)) : null
    if (c === '*' || c === '+' || c === '?' || bound) {
      const operand = last as Atom | null
      if (c === '?' && operand?.repeated && !operand.lazy) {
        operand.lazy = true
        i++
        continue
      }
      // A quantifier with nothing before it is the database's syntax error to report.
      if (operand) {
        if (operand.repeated || operand.quantified) return 'a repeat inside a repeat is not allowed'
        const min = bound ? Number(bound[1]) : c === '+' ? 1 : 0
        const max = bound
          ? bound[2] === undefined
            ? min
            : bound[3] === ''
              ? Infinity
              : Number(bound[3])
          : c === '?'
            ? 1
            : Infinity
        if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) return `a repeat may count to ${MAX_REPEAT} at most`
        const factor = Math.max(1, max === Infinity ? min + 1 : max)
        top().current += operand.weight * (factor - 1)
        for (const group of stack) group.quantified = true
        last = { weight: operand.weight * factor, quantified: true, repeated: true }
      }
      i += bound ? bound[0].length : 1
      continue
    }
    add({ weight: 1, quantified: false, repeated: false })
    i++
  }
  const weight = stack.reduce((sum, group) => sum + group.done + group.current, 0)
  return weight > MAX_WEIGHT ? 'the pattern is too large' : null
}
