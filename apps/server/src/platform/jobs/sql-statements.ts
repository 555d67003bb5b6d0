/**
 * Splits a script of SQL statements at the semicolons between them (not those inside quotes, quoted
 * names, dollar-quoted function bodies or comments). pg-boss sends some of its work as one script
 * (`BEGIN; …; COMMIT;`); PostgreSQL's simple protocol takes that, but knex over PGlite prepares every
 * statement, and a prepared statement holds one command only (decision 0145).
 */
export const splitStatements = (script: string): string[] => {
  const statements: string[] = []
  let start = 0
  let i = 0
  const push = (end: number) => {
    const text = script.slice(start, end).trim()
    if (text) statements.push(text)
    start = end + 1
  }
  while (i < script.length) {
    const char = script[i]
    if (char === "'" || char === '"') {
      const close = script.indexOf(char, i + 1)
      i = close < 0 ? script.length : close + 1
      continue
    }
    if (char === '-' && script[i + 1] === '-') {
      const close = script.indexOf('\n', i)
      i = close < 0 ? script.length : close + 1
      continue
    }
    if (char === '/' && script[i + 1] === '*') {
      const close = script.indexOf('*/', i + 2)
      i = close < 0 ? script.length : close + 2
      continue
    }
    if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0]
      if (tag) {
        const close = script.indexOf(tag, i + tag.length)
        i = close < 0 ? script.length : close + tag.length
        continue
      }
    }
    if (char === ';') push(i)
    i++
  }
  push(script.length)
  return statements
}
