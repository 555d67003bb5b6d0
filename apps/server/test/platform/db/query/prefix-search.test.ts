import fc from 'fast-check'
import { escapeRegex, textCondition } from '@emporia/shared'
import { compileWhere, literalPrefix } from '../../../../src/platform/db/query/where'
import { personModel } from '../../../support/people'

describe('an anchored prefix search compiles to LIKE (an index range scan)', () => {
  it('reads the literal text of what the search dialog sends for "starts with"', () => {
    expect(literalPrefix('^chan')).toBe('chan')
    expect(literalPrefix(textCondition('regstart', 'a.b (c)%_').$regex)).toBe('a.b (c)%_')
    for (const pattern of ['chan', '^', '^a.b', '^a*', '^a$', '^\\d1', '^a|b', '^(a)', '^a\\'])
      expect(literalPrefix(pattern)).toBeNull()
  })

  it('is the escaped text back for any text a person types', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 40 }), (text) => literalPrefix(`^${escapeRegex(text)}`) === text))
  })

  it('compiles case-insensitive prefixes with lower(), caseless ones (digits) without, and escapes LIKE wildcards', () => {
    const sql = (query: Record<string, unknown>) => compileWhere(personModel, query)
    expect(sql({ name: textCondition('regstart', 'Chan') })).toEqual({ sql: 'lower(??) like ?', bindings: ['name', 'chan%'] })
    expect(sql({ name: textCondition('regstart', '9123') })).toEqual({ sql: '?? like ?', bindings: ['name', '9123%'] })
    expect(sql({ name: textCondition('regstart-case', 'Chan') })).toEqual({ sql: '?? like ?', bindings: ['name', 'Chan%'] })
    expect(sql({ name: textCondition('regstart', '50%_OFF\\') })).toEqual({
      sql: 'lower(??) like ?',
      bindings: ['name', '50\\%\\_off\\\\%']
    })
    // Text anywhere is ILIKE (literal-regex.test.ts); a real expression stays one.
    expect(sql({ name: textCondition('regexp', 'chan') })).toEqual({ sql: '?? ilike ?', bindings: ['name', '%chan%'] })
    expect(sql({ name: { $regex: '^ch.n', $options: 'i' } })).toEqual({ sql: '?? ~* ?', bindings: ['name', '^ch.n'] })
  })
})
