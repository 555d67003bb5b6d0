// knex ships no types for its dialect internals; the wall (db/row-security.ts) extends one method.
declare module 'knex/lib/dialects/postgres/execution/pg-transaction.js' {
  const PgTransaction: { prototype: { begin: (conn: unknown) => Promise<unknown> } }
  // eslint-disable-next-line no-restricted-syntax -- the module is CommonJS: its export is the default
  export default PgTransaction
}

declare module 'knex/lib/dialects/postgres/index.js' {
  const ClientPg: {
    prototype: { acquireConnection: () => Promise<unknown>; releaseConnection: (connection: unknown) => Promise<void> }
  }
  // eslint-disable-next-line no-restricted-syntax -- the module is CommonJS: its export is the default
  export default ClientPg
}
