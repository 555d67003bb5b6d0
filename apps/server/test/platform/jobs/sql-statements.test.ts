import { describe, expect, it } from 'vitest'
import { getConstructionPlans } from 'pg-boss'
import { splitStatements } from '../../../src/platform/jobs/sql-statements'

/** pg-boss's scripts, one statement at a time for knex over PGlite (decision 0145). */
describe('splitting a SQL script into statements', () => {
  it('splits at top-level semicolons only: not in strings, quoted names, dollar-quoted bodies or comments', () => {
    const script = `
      BEGIN;
      select 'a;b', "odd;name" from t; -- a comment; with a semicolon
      create function f() returns void as $$ begin perform 1; end $$ language plpgsql;
      create function g() returns void as $body$ begin perform ';'; end $body$ language plpgsql;
      /* block; comment */ select 2;
      COMMIT;`
    expect(splitStatements(script)).toEqual([
      'BEGIN',
      `select 'a;b', "odd;name" from t`,
      `-- a comment; with a semicolon\n      create function f() returns void as $$ begin perform 1; end $$ language plpgsql`,
      `create function g() returns void as $body$ begin perform ';'; end $body$ language plpgsql`,
      `/* block; comment */ select 2`,
      'COMMIT'
    ])
  })

  it('keeps each of pg-boss’s own schema statements whole', () => {
    const statements = splitStatements(getConstructionPlans('pgboss'))
    expect(statements[0]).toBe('BEGIN')
    expect(statements.at(-1)).toBe('COMMIT')
    // Every function body stays in one statement with its closing quote.
    for (const statement of statements) expect((statement.match(/\$\$/g) ?? []).length % 2).toBe(0)
    expect(statements.some((statement) => /^CREATE TABLE pgboss\.job\b/i.test(statement))).toBe(true)
  })
})
