// A scaffold run as a plan: the files to create and the existing files to change, all held in memory
// until every argument is checked and every edit has found its place. Then each text is formatted
// (Prettier) and linted (ESLint) as it will be written; only a plan that passes both is written.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ScaffoldError } from './source-edit.mjs'

export const newPlan = (state) => {
  const created = new Map()
  const edited = new Map()
  return {
    created,
    edited,
    create(file, text) {
      if (state.exists(file) || created.has(file)) throw new ScaffoldError(`${file} exists already`)
      created.set(file, text)
    },
    edit(file, change) {
      const before = edited.get(file) ?? state.read(file)
      const after = change(before)
      if (after !== before) edited.set(file, after)
    }
  }
}

/** Formats every text of the plan and lints it; answers the problems (none: the plan is ready). */
export const finish = async (root, plan) => {
  const prettier = await import('prettier')
  const { ESLint } = await import('eslint')
  const eslint = new ESLint({ cwd: root })
  const problems = []
  for (const texts of [plan.created, plan.edited])
    for (const [file, text] of texts) {
      const filepath = join(root, file)
      let formatted
      try {
        formatted = await prettier.format(text, { ...(await prettier.resolveConfig(filepath)), filepath })
      } catch (error) {
        problems.push(`${file}: not valid TypeScript after the scaffold's change (${error.message.split('\n')[0]})`)
        continue
      }
      texts.set(file, formatted)
      for (const result of await eslint.lintText(formatted, { filePath: filepath }))
        for (const message of result.messages.filter((message) => message.severity === 2))
          problems.push(`${file}:${message.line}:${message.column} ${message.message} (${message.ruleId ?? 'eslint'})`)
    }
  return problems
}

export const write = (root, plan) => {
  for (const [file, text] of [...plan.created, ...plan.edited]) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
}
