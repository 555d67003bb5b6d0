import { describe, expect, it } from 'vitest'
import { richTextEntry } from '../../src/pages/rich-text'

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
