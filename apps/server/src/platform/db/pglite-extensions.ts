import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * The PostgreSQL extensions PGlite loads with every database it opens (issue 17). PGlite ships
 * contrib extensions as separate bundles that must be named when the database is created, in the
 * server's thread or in a worker alike; migrations then `create extension` them as on PostgreSQL.
 * pg_trgm serves the product search's `LIKE '%word%'` through a trigram index (docs/decisions/0103).
 */
export const pgliteExtensions = { pg_trgm }
