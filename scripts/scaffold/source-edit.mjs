// Edits of existing TypeScript files by their syntax tree (TypeScript's own parser), not by searching
// text: an import goes after the last complete import statement (never inside an open `import type {`
// block), an entry goes after the last one of its object, array or interface. Each edit answers the
// new text or throws ScaffoldError naming what it could not find; the caller writes nothing then.
import ts from 'typescript'

export class ScaffoldError extends Error {}

const parse = (text, file = 'edit.ts') => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)

/** `value as const`, `value satisfies T`, `(value)`: the literal inside. */
const unwrap = (node) => {
  while (node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)))
    node = node.expression
  return node
}

/** The initializer of the top-level `const <name> = …` (exported or not), unwrapped. */
const initializerOf = (source, name) => {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return unwrap(declaration.initializer)
  }
  return undefined
}

const splice = (text, at, insert) => text.slice(0, at) + insert + text.slice(at)

/**
 * Inserts `entry` on a new line after `last`, the last entry of a list whose entries are separated
 * by `separator` (',' or ''). A trailing comment on the last entry's line stays on that line.
 */
const afterLast = (text, last, entry, separator) => {
  let at = last.end
  const hasSeparator = separator && text[at] === separator
  if (hasSeparator) at += 1
  const lineEnd = text.indexOf('\n', at)
  const rest = text.slice(at, lineEnd < 0 ? text.length : lineEnd)
  const insertAt = /^\s*(\/\/.*)?$/.test(rest) ? (lineEnd < 0 ? text.length : lineEnd) : at
  const indent = text.slice(text.lastIndexOf('\n', last.getStart()) + 1).match(/^\s*/)[0]
  const added = splice(text, insertAt, `\n${indent}${entry}${hasSeparator ? separator : ''}`)
  return separator && !hasSeparator ? splice(added, last.end, separator) : added
}

/** Inserts `entry` into an empty `{}` / `[]` literal. */
const intoEmpty = (text, node, entry) => splice(text, node.getStart() + 1, `\n  ${entry}\n`)

/** Adds `statement` after the file's last import statement (or first in the file). */
export const addImport = (text, statement) => {
  const source = parse(text)
  const imports = source.statements.filter((node) => ts.isImportDeclaration(node))
  if (!imports.length) return `${statement}\n${text}`
  return splice(text, imports.at(-1).end, `\n${statement}`)
}

/** Adds `entry` (`key: value`) as the last property of the object literal `const <name> = {…}`. */
export const addProperty = (text, name, entry) => {
  const object = initializerOf(parse(text), name)
  if (!object || !ts.isObjectLiteralExpression(object)) throw new ScaffoldError(`no object literal \`${name}\` to add to`)
  const last = object.properties.at(-1)
  return last ? afterLast(text, last, entry, ',') : intoEmpty(text, object, entry)
}

/** Adds `entry` as the last element of the array literal `const <name> = […]`. */
export const addElement = (text, name, entry) => {
  const array = initializerOf(parse(text), name)
  if (!array || !ts.isArrayLiteralExpression(array)) throw new ScaffoldError(`no array literal \`${name}\` to add to`)
  const last = array.elements.at(-1)
  return last ? afterLast(text, last, entry, ',') : intoEmpty(text, array, entry)
}

/** Replaces the element of array `const <name> = […]` for which `match(elementText)` holds; undefined if none. */
export const replaceElement = (text, name, match, entry) => {
  const array = initializerOf(parse(text), name)
  if (!array || !ts.isArrayLiteralExpression(array)) throw new ScaffoldError(`no array literal \`${name}\` to add to`)
  const found = array.elements.find((element) => match(element.getText()))
  return found ? text.slice(0, found.getStart()) + entry + text.slice(found.end) : undefined
}

/** Adds `member` as the last member of `interface <name> {…}`. */
export const addMember = (text, name, member) => {
  const source = parse(text)
  const declaration = source.statements.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === name)
  if (!declaration) throw new ScaffoldError(`no interface \`${name}\` to add to`)
  const last = declaration.members.at(-1)
  if (!last) return splice(text, declaration.members.pos, `\n  ${member}\n`)
  return afterLast(text, last, member, '')
}

/** Adds `statement` as the file's last line. */
export const appendLine = (text, statement) => `${text.trimEnd()}\n${statement}\n`

/** The string members of `type <name> = 'a' | 'b' | …`. */
export const unionMembers = (text, name) => {
  const source = parse(text)
  const alias = source.statements.find((node) => ts.isTypeAliasDeclaration(node) && node.name.text === name)
  if (!alias || !ts.isUnionTypeNode(alias.type)) throw new ScaffoldError(`no union type \`${name}\` to read`)
  return alias.type.types.flatMap((member) =>
    ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? [member.literal.text] : []
  )
}

/**
 * Takes the property `key` out of the object literal `const <name> = {…}`: answers the text without
 * it and the property's value as written, or undefined when the object has no such property.
 */
export const takeProperty = (text, name, key) => {
  const object = initializerOf(parse(text), name)
  if (!object || !ts.isObjectLiteralExpression(object)) throw new ScaffoldError(`no object literal \`${name}\` to read`)
  const found = object.properties.find(
    (property) =>
      ts.isPropertyAssignment(property) && property.name && ts.isStringLiteral(property.name) && property.name.text === key
  )
  if (!found) return undefined
  const start = text.lastIndexOf('\n', found.getStart())
  const end = text[found.end] === ',' ? found.end + 1 : found.end
  return { text: text.slice(0, start) + text.slice(end), value: found.initializer.getText() }
}
