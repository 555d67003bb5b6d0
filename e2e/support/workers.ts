/**
 * Spec files run this many at a time (E2E_WORKERS; 2 by default, CI's core count). A spec file
 * spends most of its time waiting on the browser and on a single-threaded server, so two files
 * at a time keep two cores busy (docs/decisions/0076-ci-time.md).
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2)
