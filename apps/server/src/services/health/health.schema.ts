/** `GET /api/health` answers this once the database answers (ARCHITECTURE §4). */
export interface Health {
  status: 'ok'
}
