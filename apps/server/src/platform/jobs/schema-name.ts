/** The PostgreSQL schema holding pg-boss's tables (decision 0145). */
export const JOBS_SCHEMA = 'pgboss'
