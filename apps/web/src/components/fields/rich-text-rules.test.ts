// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { Editor } from '@tiptap/react'
import { colorPresets } from '@emporia/shared'
import { richTextExtensions } from './rich-text-extensions'
import { colourOfStyle, linkHref, linkTarget, tidyEditorHtml } from './rich-text-rules'

describe('the link dialog’s address', () => {
  it('takes http(s), mailto, tel, own paths and anchors; a bare host gets https', () => {
    expect(linkHref(' https://example.com/tea ')).toBe('https://example.com/tea')
    expect(linkHref('example.com/tea?x=1')).toBe('https://example.com/tea?x=1')
    expect(linkHref('mailto:shop@example.com')).toBe('mailto:shop@example.com')
    expect(linkHref('tel:+852 2345 6789')).toBe('tel:+85223456789')
    expect(linkHref('/pages/about')).toBe('/pages/about')
    expect(linkHref('#sizes')).toBe('#sizes')
  })

  it('refuses scripts, data, other hosts by // and text that is no address', () => {
    for (const bad of [
      '',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'tea',
      'a b.com',
      'ftp://x.example'
    ])
      expect(linkHref(bad), bad).toBeUndefined()
  })

  it('opens other sites in a new tab only', () => {
    expect(linkTarget('https://example.com')).toBe('_blank')
    expect(linkTarget('/pages/about')).toBeNull()
    expect(linkTarget('mailto:a@b.co')).toBeNull()
  })
})

describe('colourOfStyle', () => {
  it('reads a hex text colour as the editor and the sanitiser write it', () => {
    expect(colourOfStyle('color: #F44336')).toBe('#f44336')
    expect(colourOfStyle('color:#abc')).toBe('#aabbcc')
    expect(colourOfStyle('font-weight: bold; color: #000000;')).toBe('#000000')
  })

  it('reads the rgb() a browser writes a hex colour back as', () => {
    expect(colourOfStyle('color: rgb(244, 67, 54);')).toBe('#f44336')
    expect(colourOfStyle('color:rgb(0,0,0)')).toBe('#000000')
  })

  it('ignores background colours, names, translucent or out-of-range rgb, and script', () => {
    for (const style of [
      null,
      '',
      'background-color: #ffffff',
      'color: red',
      'color: rgba(0, 0, 0, 0.5)',
      'color: rgb(256, 0, 0)',
      'color: expression(alert(1))'
    ])
      expect(colourOfStyle(style), String(style)).toBeUndefined()
  })
})

describe('tidyEditorHtml', () => {
  it('stores colours as hex and drops the trailing empty paragraph', () => {
    expect(tidyEditorHtml('<h3>t</h3><p><span style="color: rgb(244, 67, 54);">r</span></p><p></p>')).toBe(
      '<h3>t</h3><p><span style="color: #f44336;">r</span></p>'
    )
    expect(tidyEditorHtml('<ul><li><p>a</p></li></ul><p></p><p></p>')).toBe('<ul><li><p>a</p></li></ul>')
  })

  it('leaves text that looks like a style, and empty paragraphs between blocks, as they are', () => {
    const text = '<p>&lt;span style="color: rgb(1, 2, 3)"&gt;</p><p></p><p>x</p>'
    expect(tidyEditorHtml(text)).toBe(text)
  })
})

describe('the editor’s schema', () => {
  const html = (content: string) => {
    const editor = new Editor({ extensions: richTextExtensions, content })
    const out = editor.getHTML()
    editor.destroy()
    return out
  }

  it('keeps headings 1–6, lists, links and hex colours, as the sanitiser gives them back', () => {
    expect(html('<h6>t</h6>')).toBe('<h6>t</h6>')
    expect(html('<h3>t</h3><ul><li><p>a</p></li></ul>')).toBe('<h3>t</h3><ul><li><p>a</p></li></ul>')
    expect(html('<p><span style="color:#F44336">r</span></p>')).toBe('<p><span style="color: #f44336;">r</span></p>')
    expect(html('<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">l</a></p>')).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">l</a></p>'
    )
  })

  it('drops colours that are not hex and links that are not safe', () => {
    expect(html('<p><span style="color: red">r</span></p>')).toBe('<p>r</p>')
    expect(html('<p><span style="background-color: #ff0000">r</span></p>')).toBe('<p>r</p>')
    expect(html('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p>x</p>')
  })

  it('colours with a preset and refuses a colour that is not hex', () => {
    const editor = new Editor({ extensions: richTextExtensions, content: '<p>tea</p>' })
    editor.commands.selectAll()
    expect(editor.commands.setTextColour('red')).toBe(false)
    expect(editor.commands.setTextColour(colorPresets[3])).toBe(true)
    expect(editor.getHTML()).toBe(`<p><span style="color: ${colorPresets[3]};">tea</span></p>`)
    editor.commands.unsetTextColour()
    expect(editor.getHTML()).toBe('<p>tea</p>')
    editor.destroy()
  })
})
