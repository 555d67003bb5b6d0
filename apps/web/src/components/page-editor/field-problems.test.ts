import { describe, expect, it } from 'vitest'
import { componentProblems, type PageNode } from '@emporia/shared'
import { fieldProblemsOf, placeProblem } from './field-problems'

const content: PageNode[] = [
  { id: 'hello', type: 'text', props: { text: 'Hi', css: { padding: { top: '-2px' } } } },
  { id: 'box', type: 'container', props: {}, children: [{ id: 'buy', type: 'button', props: { to: 'javascript:alert(1)' } }] }
]

describe('field problems', () => {
  it("places the shared rules' paths on their node and prop, deeper paths on the prop", () => {
    const paths = componentProblems({ name: 'Home', dataType: {}, data: {}, props: {}, content }).map((p) => p.path)
    expect(paths).toEqual(['content.0.props.css.padding.top', 'content.1.children.0.props.to'])
    expect(placeProblem(content, paths[0])).toEqual({ node: 'hello', prop: 'css', sent: JSON.stringify(content[0].props.css) })
    expect(placeProblem(content, paths[1])).toMatchObject({ node: 'buy', prop: 'to' })
    expect(placeProblem(content, 'content.1.children.0.id')).toEqual({ node: 'buy' })
    expect(placeProblem(content, 'data.title')).toEqual({})
    expect(placeProblem(content, 'content.7.props.text')).toEqual({})
  })

  it('keeps a message on its field until the prop is changed', () => {
    const problems = [
      { path: 'content.1.children.0.props.to', text: 'Bad link', ...placeProblem(content, 'content.1.children.0.props.to') }
    ]
    expect(fieldProblemsOf(problems, content)).toEqual({ buy: { to: 'Bad link' } })
    const changed: PageNode[] = [
      content[0],
      { ...content[1], children: [{ id: 'buy', type: 'button', props: { to: 'https://a.b' } }] }
    ]
    expect(fieldProblemsOf(problems, changed)).toEqual({})
  })
})
