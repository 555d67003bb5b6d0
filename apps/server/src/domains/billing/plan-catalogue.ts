import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import { isObjectId, planFeatures, planProblems, planSchema, type Plan, type PlanData, type PlanPatch } from '@emporia/shared'
import { modelFromSchema } from '../../platform/db/query/model'
import { newObjectId } from '../../platform/http/object-id'
import { dataValidators, describeErrors, fieldsOf, stripReadOnly } from '../../platform/records/validate-data'
import { recordOperatorAction } from './operator/operator-log'
import { planRow } from './default-plans'

/*
 * The plan catalogue (decision 0129): read by everyone signed in, kept by the platform's operators. A
 * plan's code never changes (contracts and invoices name it) and a plan is never removed: it is retired
 * (`active: false`) and keeps its contracts until they end. Every create and patch is in the operator log.
 */

const model = modelFromSchema('plans', planSchema)
const validators = dataValidators(model)

type FieldError = { field: string; key: string; message: string; values?: Record<string, number | string> }

const invalid = (errors: FieldError[]) => new BadRequest(`Invalid data: ${errors.map((e) => e.message).join('; ')}`, { errors })

/** Schema errors with the plan's own words where a generic one would not say enough (an unknown feature). */
const schemaErrors = (validate: typeof validators.create, data: unknown): FieldError[] => {
  if (validate(data)) return []
  return describeErrors(validate.errors ?? []).map((error) =>
    error.field.startsWith('features.') && error.key === 'format.choice'
      ? {
          field: 'features',
          key: 'billing.plan.unknownFeature',
          message: `"features": one of ${planFeatures.join(', ')}`
        }
      : error
  )
}

/** The numbers of a whole plan must fit together: no more free months than the period (400 on the field). */
const checkProblems = (plan: Partial<PlanData>) => {
  const problems = Object.entries(planProblems(plan)).map(([field, key]) => ({
    field,
    key,
    message: `"${field}": more free months than the period has`
  }))
  if (problems.length) throw invalid(problems)
}

const explain = (error: unknown) => {
  const code = (error as { code?: string }).code
  if (code === '23505') return new Conflict('A plan with this code exists', { key: 'billing.plan.codeTaken', field: 'code' })
  return error
}

/** Active plans (or every plan) by rank, cheapest first. */
export const listPlans = async (knex: Knex, all: boolean): Promise<Plan[]> =>
  (await knex('plans')
    .modify((query) => {
      if (!all) void query.where({ active: true })
    })
    .orderBy([{ column: 'rank' }, { column: 'code' }])) as Plan[]

/** One plan by its id or its code. */
export const findPlan = async (knex: Knex | Knex.Transaction, idOrCode: string): Promise<Plan> => {
  const plan = (await knex('plans')
    .where(isObjectId(idOrCode) ? { _id: idOrCode } : { code: idOrCode })
    .first()) as Plan | undefined
  if (!plan) throw new NotFound('No such plan', { key: 'billing.plan.notFound' })
  return plan
}

/** A new plan from an operator, with its log entry, in one transaction. */
export const createPlan = async (knex: Knex, input: unknown, operator: string, now: Date): Promise<Plan> => {
  const data = stripReadOnly(model, fieldsOf(input))
  const errors = schemaErrors(validators.create, data)
  if (errors.length) throw invalid(errors)
  const plan = data as PlanData
  checkProblems(plan)
  try {
    return await knex.transaction(async (trx) => {
      const [row] = (await trx('plans')
        .insert({ _id: newObjectId(), ...planRow(plan), createdAt: now, updatedAt: now })
        .returning('*')) as Plan[]
      await recordOperatorAction(trx, { operator, action: 'createPlan', shop: null, details: { ...plan }, at: now })
      return row
    })
  } catch (error) {
    throw explain(error)
  }
}

/** An operator's change of a plan (never its code), checked as a whole, logged with the changed fields. */
export const patchPlan = async (knex: Knex, idOrCode: string, input: unknown, operator: string, now: Date): Promise<Plan> => {
  const data = stripReadOnly(model, fieldsOf(input))
  return knex.transaction(async (trx) => {
    const before = await findPlan(trx, idOrCode)
    if ('code' in data && data.code !== before.code)
      throw invalid([{ field: 'code', key: 'billing.plan.codeImmutable', message: '"code" never changes once a plan exists' }])
    delete data.code
    const errors = schemaErrors(validators.patch, data)
    if (errors.length) throw invalid(errors)
    const patch = data as PlanPatch
    checkProblems({ ...before, ...patch })
    const changed = Object.fromEntries(
      Object.entries(patch).filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field as keyof Plan]))
    )
    if (!Object.keys(changed).length) return before
    await trx('plans')
      .where({ _id: before._id })
      .update({ ...planRow(changed as Partial<PlanData>), updatedAt: now })
    await recordOperatorAction(trx, {
      operator,
      action: 'patchPlan',
      shop: null,
      details: { code: before.code, ...changed },
      at: now
    })
    return findPlan(trx, before._id)
  })
}
