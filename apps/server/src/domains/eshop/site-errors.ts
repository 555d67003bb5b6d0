import { BadRequest, Conflict } from '@feathersjs/errors'
import { pickTran, sharedMessage, type PageModelProblem, type SharedMessageKey } from '@emporia/shared'

type Values = Record<string, string | number>

/** A text a message names a record by: its English (or first) name. */
export const nameOf = (name: unknown): string => (typeof name === 'string' ? name : pickTran(name, 'en')) || '?'

const describe = ({ path, key, values }: PageModelProblem) => ({
  field: path,
  key,
  ...(values ? { values } : {}),
  message: `"${path}": ${sharedMessage(key as SharedMessageKey, 'en', values)}`
})

/** Problems of a record (componentProblems and the services' own) as one 400, each on its field. */
export const problemsError = (problems: readonly PageModelProblem[]) => {
  const errors = problems.map(describe)
  return new BadRequest(`Invalid data: ${errors.map((error) => error.message).join('; ')}`, { errors })
}

/** One refused field (the key's English text as the message). */
export const fieldError = (field: string, key: SharedMessageKey, values?: Values) =>
  new BadRequest(`"${field}": ${sharedMessage(key, 'en', values)}`, { key, field, ...(values ? { values } : {}) })

/** A write refused because of other records (in use, already there): 409 with the key. */
export const conflictError = (key: SharedMessageKey, values?: Values, field?: string) =>
  new Conflict(sharedMessage(key, 'en', values), { key, ...(field ? { field } : {}), ...(values ? { values } : {}) })
