import { describe, expect, it } from 'vitest'
import { componentProblems } from '../../src/pages/component-problems'
import type { ComponentModel, PageNode } from '../../src/pages/page.schema'
import { home } from './fixtures'

const withContent = (content: PageNode[], extra: Partial<ComponentModel> = {}): ComponentModel => ({
  dataType: { products: 'product[]', title: 'tran', count: 'number' },
  data: {},
  props: {},
  content,
  ...extra
})
const keysOf = (model: ComponentModel, components = {}) =>
  componentProblems(model, components).map(({ path, key }) => `${path} ${key}`)

describe('component problems (decision 0106)', () => {
  it('finds only the invalid css colour in the home page (the one the renderer leaves out)', () => {
    expect(componentProblems(home)).toEqual([{ path: 'content.1.props.css.color', key: 'format.invalid' }])
  })

  it('lets a page link take linked params (a card leads to its own product) and checks them', () => {
    const to = (id: unknown) => ({ page: 'c-product', params: { id, ref: 'home' } })
    const loop = (id: unknown): PageNode => ({
      id: 'each',
      type: 'for',
      props: { source: { $exp: 'products' } },
      children: [{ id: 'card', type: 'imageButton', props: { to: to(id) } }]
    })
    expect(keysOf(withContent([loop({ $exp: '$$0._id' })]))).toEqual([])
    expect(keysOf(withContent([loop({ $exp: '$$0.price' })]))).toEqual([])
    expect(keysOf(withContent([loop({ $exp: '$$0.images' })]))).toEqual([
      'content.0.children.0.props.to.params.id pages.notAssignable'
    ])
    expect(keysOf(withContent([loop({ $exp: 'nobody._id' })]))).toEqual([
      'content.0.children.0.props.to.params.id pages.unknownVariable'
    ])
    expect(keysOf(withContent([loop({ nested: 1 })]))).toEqual(['content.0.children.0.props.to pages.badLink'])
  })

  it('checks constants against their prop types', () => {
    expect(
      keysOf(
        withContent([
          {
            id: 'a',
            type: 'header',
            props: { height: '-3px', fixed: 'yes', background: 'blue', items: [{ to: 'javascript:x' }] }
          },
          { id: 'b', type: 'drawer', props: { type: 'sideways', width: 'wide' } },
          { id: 'c', type: 'text', props: { text: { fr: 'x' }, css: { fontSize: 'huge', color: '#fff' } } },
          {
            id: 'd',
            type: 'productFilter',
            props: { fields: ['price', 'colour'], priceRanges: [{ min: 500, max: 100 }, { min: -1 }] }
          },
          { id: 'e', type: 'slider', props: { items: [{ image: { type: 'gif' }, text: 3 }] } },
          { id: 'f', type: 'button', props: { to: { type: 'external', url: 'ftp://x' } } },
          { id: 'g', type: 'footer', props: { year: 'last' } }
        ])
      )
    ).toEqual([
      'content.0.props.height pages.badDimension',
      'content.0.props.fixed format.boolean',
      'content.0.props.background pages.badColor',
      'content.0.props.items.0.to pages.badLink',
      'content.1.props.type format.choice',
      'content.1.props.width pages.badDimension',
      'content.2.props.text format.invalid',
      'content.2.props.css.fontSize format.invalid',
      'content.3.props.fields format.choice',
      'content.3.props.priceRanges.0.max format.shouldGreaterOrEqual',
      'content.3.props.priceRanges.1.min format.shouldGreaterOrEqual',
      'content.4.props.items.0.image format.invalid',
      'content.4.props.items.0.text format.invalid',
      'content.5.props.to pages.badLink',
      'content.6.props.year format.number'
    ])
  })

  it('checks expressions: valid paths, known variables, assignable types, never $new', () => {
    const problems = componentProblems(
      withContent([
        { id: 'a', type: 'text', props: { text: { $exp: 'title' } } },
        { id: 'b', type: 'text', props: { text: { $exp: '$new' } } },
        { id: 'c', type: 'text', props: { text: { $exp: 'nobody' } } },
        { id: 'd', type: 'video', props: { video: { $exp: 'title' } } },
        { id: 'e', type: 'text', props: { text: { $exp: '$$0.name' } } },
        { id: 'f', type: 'text', props: { text: { $exp: { $fetch: { source: 'orders' } } } } }
      ])
    )
    expect(problems).toEqual([
      { path: 'content.1.props.text', key: 'format.badExp' },
      { path: 'content.2.props.text', key: 'pages.unknownVariable', values: { name: 'nobody' } },
      { path: 'content.3.props.video', key: 'pages.notAssignable', values: { type: 'tran', wanted: 'videoRef' } },
      // Outside any loop there is no $$0.
      { path: 'content.4.props.text', key: 'pages.unknownVariable', values: { name: '$$0.name' } },
      { path: 'content.5.props.text', key: 'format.badExp' }
    ])
  })

  it('types loop variables from the loop source, innermost first, and needs the source linked to a list', () => {
    const loop = (source: unknown, children: PageNode[] = []): PageNode => ({
      id: `for${JSON.stringify(source).length}`,
      type: 'for',
      props: { source },
      children
    })
    expect(
      keysOf(
        withContent([
          loop({ $exp: 'products' }, [
            { id: 'i', type: 'imageButton', props: { image: { $exp: '$$0.images.0' }, text: { $exp: '$$0.images' } } },
            {
              ...loop({ $exp: '$$0.images' }),
              children: [{ id: 'j', type: 'imageButton', props: { image: { $exp: '$$0' }, text: { $exp: '$$1.name' } } }]
            }
          ]),
          loop({ $exp: 'count' }),
          loop([1, 2])
        ])
      )
    ).toEqual([
      'content.0.children.0.props.text pages.notAssignable',
      'content.1.props.source pages.notAssignable',
      'content.2.props.source format.required'
    ])
  })

  it('names unknown components, props and slots, children where none are held, repeated ids', () => {
    expect(
      keysOf(
        withContent([
          { id: 'a', type: 'marquee', props: {} },
          { id: 'b', type: 'text', props: { colour: 'red' }, children: [{ id: 'c', type: 'text', props: {} }] },
          { id: 'b', type: 'container', props: {}, children: [{ id: 'd', slot: 'else', type: 'text', props: {} }] },
          { id: 'e', type: 'if', props: {}, children: [{ id: 'f', slot: 'else', type: 'text', props: {} }] }
        ])
      )
    ).toEqual([
      'content.0.type pages.unknownComponent',
      'content.1.props.colour format.unknownField',
      'content.1.children pages.noChildren',
      'content.2.id pages.duplicateId',
      'content.2.children.0.slot pages.unknownSlot'
    ])
  })

  it('checks the declared types, data variables and the props a placed component is given', () => {
    const card: ComponentModel = {
      dataType: {},
      data: {},
      props: { product: { type: 'product' }, size: { type: 'dim' } },
      content: []
    }
    expect(
      keysOf(
        {
          dataType: { a: 'widget', b: 'number', size: 'string' },
          data: { b: 'three', c: 1, d: { $exp: 'b' } },
          props: { size: { type: 'dim', default: 'huge' } },
          content: [
            { id: 'x', type: 'component', component: 'card', props: { size: '-1', colour: 'red', product: { $exp: 'b' } } },
            { id: 'y', type: 'component', props: {} }
          ]
        },
        { card }
      )
    ).toEqual([
      'dataType.a pages.unknownType',
      'dataType.size pages.duplicateName',
      'props.size.default pages.badDimension',
      'data.b format.number',
      'data.c pages.untypedVariable',
      'data.d pages.untypedVariable',
      'content.0.props.size pages.badDimension',
      'content.0.props.colour format.unknownField',
      'content.0.props.product pages.notAssignable',
      'content.1.component format.required'
    ])
  })
})
