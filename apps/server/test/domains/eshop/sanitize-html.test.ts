import { describe, expect, it } from 'vitest'
import { sanitizeComponent } from '../../../src/domains/eshop/sanitize-component'
import { sanitizeHtml } from '../../../src/domains/eshop/sanitize-html'
import { componentOf, html, placed, text } from '../../support/site-support'

describe('sanitizeHtml', () => {
  it('keeps text formatting, headings 1–6, lists, links and images', () => {
    const kept =
      '<h1>A</h1><h6>B</h6><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote>q</blockquote><a href="https://example.com/x">l</a><a href="mailto:a@b.c">m</a><a href="tel:+85212345678">t</a>' +
      '<a href="/products/1">own</a><img src="https://cdn.example.com/a.png" alt="a" /><img src="/api/files/0123456789abcdef01234567" />'
    expect(sanitizeHtml(kept)).toBe(kept)
  })

  it('drops scripts, event handlers, frames, forms and unknown tags, keeping their text only where harmless', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>')
    expect(sanitizeHtml('<iframe src="https://x"></iframe><object data="x"></object><form><input /></form>ok')).toBe('ok')
    expect(sanitizeHtml('<style>body{display:none}</style><svg><script>x</script></svg><h7>t</h7>')).toBe('t')
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('')
  })

  it('keeps links to http(s), mailto, tel and own paths only', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example/x',
      'ftp://x'
    ])
      expect(sanitizeHtml(`<a href="${bad}">x</a>`)).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="https://x.example" target="_top">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>'
    )
  })

  it('keeps images from http(s) and own media only', () => {
    for (const bad of ['data:image/png;base64,AAAA', '//evil.example/a.png', '/api/users', 'javascript:x', 'file:///etc/passwd'])
      expect(sanitizeHtml(`<img src="${bad}" />`)).toBe('')
  })

  it('limits style to colour, text-align, font-size and background-color with valid values', () => {
    expect(
      sanitizeHtml(
        '<p style="color:#ff0000;text-align:center;font-size:18px;background-color:rgba(0, 0, 0, 0.5);position:fixed;top:0">x</p>'
      )
    ).toBe('<p style="color:#ff0000;text-align:center;font-size:18px;background-color:rgba(0, 0, 0, 0.5)">x</p>')
    expect(sanitizeHtml('<p style="color:expression(alert(1));background-color:url(javascript:x);text-align:evil">x</p>')).toBe(
      '<p>x</p>'
    )
    expect(sanitizeHtml('<span style="font-size:99999999px">x</span>')).toBe('<span>x</span>')
  })
})

describe('sanitizeHtml and the rich-text editor (decision 0191)', () => {
  it('keeps what the editor writes: headings 1–6, lists, links with their rel, and a hex text colour', () => {
    const levels = [1, 2, 3, 4, 5, 6].map((level) => `<h${level}>h${level}</h${level}>`).join('')
    const written =
      `${levels}<ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol>` +
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">l</a><a rel="noopener noreferrer" href="/pages/about">own</a>' +
      '<span style="color:#f44336">red</span><u>u</u><s>s</s></p>'
    expect(sanitizeHtml(written)).toBe(written)
    expect(sanitizeHtml('<span style="color: #9C27B0">p</span>')).toBe('<span style="color:#9C27B0">p</span>')
  })

  it('strips hostile links, handlers and styles the editor never writes', () => {
    for (const href of [
      'javascript&#58;alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '/\\evil.example',
      'https://'
    ])
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="/x" rel="opener nofollow">x</a>')).toBe('<a href="/x" rel="nofollow">x</a>')
    expect(sanitizeHtml('<a href="/x" rel="opener">x</a>')).toBe('<a href="/x">x</a>')
    expect(sanitizeHtml('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>'
    )
    expect(sanitizeHtml('<span style="color:#f44336" onclick="x()" class="c" data-x="1" id="i">r</span>')).toBe(
      '<span style="color:#f44336">r</span>'
    )
    expect(
      sanitizeHtml(
        '<span style="color:#f44336;background-image:url(https://evil.example/x);position:absolute;behavior:url(x.htc)">r</span>'
      )
    ).toBe('<span style="color:#f44336">r</span>')
    expect(sanitizeHtml('<span style="color: url(x)">r</span>')).toBe('<span>r</span>')
    expect(sanitizeHtml('<h3 style="color:#fff" onfocus="x()" autofocus tabindex="1">t</h3>')).toBe(
      '<h3 style="color:#fff">t</h3>'
    )
    expect(sanitizeHtml('<ul><li><a href="data:text/html;base64,PHNjcmlwdD4=">d</a><svg onload="x()"></svg></li></ul>')).toBe(
      '<ul><li><a>d</a></li></ul>'
    )
  })
})

describe('sanitizeComponent', () => {
  const dirty = '<b onclick="x">b</b><script>s</script>'
  it('sanitises html constants everywhere: tree props, data, declared defaults, placed props, all text shapes', () => {
    const card = componentOf('Card', [], { _id: 'card', props: { body: { type: 'html' }, title: { type: 'string' } } })
    const component = componentOf(
      'Page',
      [
        html('a', dirty),
        html('b', { en: dirty, cht: dirty }),
        html('c', [{ lang: 'en', value: dirty }]),
        html('d', { $exp: 'intro' }),
        { id: 'box', type: 'container', props: {}, children: [placed('p', 'card', { body: dirty, title: dirty })] },
        text('t', dirty)
      ],
      {
        dataType: { intro: 'html', list: 'html[]', plain: 'string' },
        data: { intro: dirty, list: [dirty], plain: dirty },
        props: { note: { type: 'html', default: dirty } }
      }
    )
    const clean = sanitizeComponent(component, { card })
    expect(clean.content[0].props.html).toBe('<b>b</b>')
    expect(clean.content[1].props.html).toEqual({ en: '<b>b</b>', cht: '<b>b</b>' })
    expect(clean.content[2].props.html).toEqual([{ lang: 'en', value: '<b>b</b>' }])
    expect(clean.content[3].props.html).toEqual({ $exp: 'intro' })
    expect(clean.content[4].children?.[0].props).toEqual({ body: '<b>b</b>', title: dirty })
    // A plain text is no HTML: the renderer escapes it, so it is kept as typed.
    expect(clean.content[5].props.text).toBe(dirty)
    expect(clean.data).toEqual({ intro: '<b>b</b>', list: ['<b>b</b>'], plain: dirty })
    expect(clean.props.note.default).toBe('<b>b</b>')
    // The input is not changed.
    expect(component.data.intro).toBe(dirty)
  })
})
