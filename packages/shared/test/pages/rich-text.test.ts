import { describe, expect, it } from 'vitest'
import { colorPresets } from '../../src/pages/css-values'
import { MAX_LINK_LENGTH, RICH_TEXT_COLOUR, richTextColour, richTextEntry, safeLinkHref } from '../../src/pages/rich-text'

describe('rich text entry (spec §5.6)', () => {
  it('stores an empty paragraph as an empty string', () => {
    for (const empty of ['', '<p></p>', '<p><br></p>', '<P><br/></P>', ' <p>&nbsp;</p>\n<p></p> '])
      expect(richTextEntry(empty), empty).toBe('')
  })

  it('keeps any content as written', () => {
    for (const text of ['<p>Hi</p>', '<p></p><p>x</p>', '<h1></h1>', '<p><img src="a.jpg"></p>'])
      expect(richTextEntry(text)).toBe(text)
  })
})

describe('safeLinkHref (spec §2.10, decision 0191)', () => {
  it('keeps http(s) with a host, mailto, tel, own paths and anchors', () => {
    for (const href of [
      'https://example.com',
      'http://example.com/a?b=1#c',
      'https://茶.example:8443/店',
      'https://localhost',
      'mailto:shop@example.com',
      'mailto:shop@example.com?subject=Hi',
      'tel:+85212345678',
      'tel:2345-6789',
      '/products/1',
      '/',
      '#size-chart'
    ])
      expect(safeLinkHref(href), href).toBe(href)
    expect(safeLinkHref('  https://example.com/x  ')).toBe('https://example.com/x')
  })

  it('refuses scripts, data, other schemes, other hosts by //, backslashes, spaces and control characters', () => {
    for (const href of [
      '',
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'ftp://example.com',
      '//evil.example/x',
      '/\\evil.example',
      'https://',
      'https:///path',
      'https://exa mple.com',
      'https://shop.example@evil.example/',
      'https://-bad.example',
      'https:example.com',
      'mailto:nobody',
      'tel:abc',
      'example.com',
      'x'.repeat(10) + '\u0000',
      `https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`
    ])
      expect(safeLinkHref(href), JSON.stringify(href)).toBeUndefined()
  })
})

describe('richTextColour', () => {
  it('normalises #rgb and #rrggbb to lower-case #rrggbb', () => {
    expect(richTextColour('#F44336')).toBe('#f44336')
    expect(richTextColour('f44336')).toBe('#f44336')
    expect(richTextColour(' #abc ')).toBe('#aabbcc')
  })

  it('refuses anything that is not a hex colour', () => {
    for (const bad of ['', 'red', '#ff00', '#ff00ff00', 'rgb(0,0,0)', '#ggg', '#fff;background:url(x)', 'expression(alert(1))'])
      expect(richTextColour(bad), bad).toBeUndefined()
  })
})

describe('colorPresets (spec §9.5)', () => {
  it('are the 15 presets, each a distinct colour rich text can store', () => {
    expect(colorPresets).toHaveLength(15)
    expect(new Set(colorPresets).size).toBe(15)
    for (const preset of colorPresets) expect(RICH_TEXT_COLOUR.test(preset), preset).toBe(true)
  })
})
