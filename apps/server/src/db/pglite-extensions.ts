/**
 * The PostgreSQL extensions PGlite loads with every database it opens (issue 17). PGlite ships
 * contrib extensions as separate bundles that must be named when the database is created, in the
 * server's thread or in a worker alike; migrations then `create extension` them as on PostgreSQL.
 */
export const pgliteExtensions = {}
