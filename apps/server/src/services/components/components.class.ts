import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { componentProblems, sourcesThroughProblems, type Component, type ComponentModel, type PageNode } from '@emporia/shared'
import { placedComponents, placementProblems } from '../../domains/eshop/component-graph'
import { sanitizeComponent } from '../../domains/eshop/sanitize-component'
import { conflictError, nameOf, problemsError } from '../../domains/eshop/site-errors'
import { checkedWrite } from '../../platform/records/checked-write'
import { removeUnlessUsed } from '../../platform/records/guarded-remove'
import { RecordService, type RecordParams } from '../../platform/records/record-service'

type Row = Record<string, unknown>
const EDITABLE = ['props', 'data', 'content'] as const

/** The shop's components by id, as the page model's checks take them. */
export const shopComponents = async (
  trx: Knex.Transaction | Knex,
  shop: string
): Promise<Record<string, ComponentModel & Row>> => {
  const rows = (await trx('components')
    .where({ shop })
    .select('_id', 'name', 'dataType', 'data', 'props', 'content')) as (ComponentModel & Row)[]
  return Object.fromEntries(rows.map((row) => [String(row._id), row]))
}

/**
 * Components (§3.15, decision 0107). Every write, whatever its door (create, batch create, update,
 * patch and its operators), is checked as stored: the page model's problems, placed components of
 * the shop, no component placing itself, no page placing it past its data-source cap; then each `html` constant is sanitised in the same
 * transaction, so the record, the answer and the event all carry the sanitised text.
 */
export class ComponentService extends RecordService<Component> {
  private async checkComponent(after: Row, trx: Knex.Transaction, sanitized: Map<string, Row>) {
    const id = String(after._id)
    const shop = String(after.shop)
    // The row as stored, which the checks below read as a component (they refuse what is not).
    const component = after as Component
    // Components placed are share-locked: a removal of one waits for this write and then sees it used.
    const placed = [...new Set(placedComponents(component.content).map((entry) => entry.id))]
    if (placed.length) await trx('components').where({ shop }).whereIn('_id', placed).forShare().select('_id')
    const components = await shopComponents(trx, shop)
    components[id] = component as Component & Row
    const problems = [
      ...componentProblems(component, components),
      ...placementProblems(id, component.content, components),
      // A page placing this one may not pass its data-source cap through it (issue 28).
      ...sourcesThroughProblems(id, components)
    ]
    if (problems.length) throw problemsError(problems)
    const clean = sanitizeComponent(component, components)
    const changed = EDITABLE.filter((field) => JSON.stringify(clean[field]) !== JSON.stringify(component[field]))
    if (!changed.length) return
    await trx('components')
      .where({ _id: id })
      .update(Object.fromEntries(changed.map((field) => [field, JSON.stringify(clean[field])])))
    sanitized.set(id, clean)
  }

  private async guardedWrite<R>(id: Id | null, params: RecordParams, write: (params: RecordParams) => Promise<R>): Promise<R> {
    const sanitized = new Map<string, Row>()
    const result = await checkedWrite(this.options.db.knex, 'components', id, params, write, (after, _before, trx) =>
      this.checkComponent(after, trx, sanitized)
    )
    // The answer (and so the event) shows what was stored.
    for (const record of (Array.isArray(result) ? result : [result]) as Row[]) {
      const clean = sanitized.get(String(record._id))
      if (clean) for (const field of EDITABLE) if (field in record) record[field] = clean[field]
    }
    return result
  }

  override async create(data: Partial<Component> | Partial<Component>[], params: RecordParams = {}) {
    return this.guardedWrite(null, params, (p) => super.create(data, p))
  }

  override async update(id: Id, data: Partial<Component>, params: RecordParams = {}) {
    return this.guardedWrite(id, params, (p) => super.update(id, data, p))
  }

  override async patch(id: NullableId, data: Partial<Component>, params: RecordParams = {}) {
    return this.guardedWrite(id, params, (p) => super.patch(id, data, p))
  }

  /** A component a page shows or another component places is not removed (409 naming who uses it). */
  override async remove(id: NullableId, params: RecordParams = {}) {
    if (id === null || !params.shop) return super.remove(id, params)
    const shop = params.shop
    return removeUnlessUsed(
      this.options,
      'components',
      id,
      { ...params, shop },
      async (trx) => {
        const page = (await trx('pages')
          .where({ shop, component: String(id) })
          .first('name')) as Row | undefined
        if (page) throw conflictError('pages.componentInUse', { name: nameOf(page.name) })
        const others = (await trx('components')
          .where({ shop })
          .whereNot({ _id: String(id) })
          .select('name', 'content')) as {
          name: string
          content: PageNode[]
        }[]
        const user = others.find((other) => placedComponents(other.content).some((placed) => placed.id === String(id)))
        if (user) throw conflictError('pages.componentInUse', { name: user.name })
      },
      (p) => super.remove(id, p)
    )
  }
}
