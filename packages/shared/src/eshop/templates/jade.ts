import { buildTemplate } from './build-template'
import { colorScheme } from './color-schemes'
import { tx } from './template-parts'

const schemes = [
  colorScheme('jade', tx('Jade', '翡翠', '翡翠'), {
    theme: '#2f5d50',
    primary: '#2f5d50',
    secondary: '#c8a96a',
    accent: '#a0522d',
    background: '#fbf8f3',
    text: '#2b2623'
  }),
  colorScheme('rose-clay', tx('Rose clay', '玫瑰陶土', '玫瑰陶土'), {
    theme: '#8c4a4a',
    primary: '#8c4a4a',
    secondary: '#e3c2a8',
    accent: '#b5543c',
    background: '#fcf7f4',
    text: '#3a2a27'
  }),
  colorScheme('sand', tx('Sand', '細沙', '细沙'), {
    theme: '#7a6a53',
    primary: '#7a6a53',
    secondary: '#d9c7a7',
    accent: '#6b7f3a',
    background: '#fdfbf7',
    text: '#33302b'
  })
]
const colors = schemes[0].colors

/** Jade: warm and quiet, for a boutique. */
export const jadeTemplate = buildTemplate({
  id: 'jade',
  name: tx('Jade', '翡翠', '翡翠'),
  description: tx(
    'Warm boutique style: soft ivory, jade green and gold, elegant type and generous pictures.',
    '溫暖的精品店風格：象牙白、翡翠綠配金色，典雅字體與大幅圖片。',
    '温暖的精品店风格：象牙白、翡翠绿配金色，典雅字体与大幅图片。'
  ),
  font: 'Aleo',
  colorSchemes: schemes,
  look: {
    surface: '#f3ede3',
    text: colors.text,
    line: colors.disabledText,
    accent: colors.accent,
    button: 'outlined',
    headingWeight: 400,
    cardImageHeight: '300px'
  },
  darkHeader: false,
  heroHeight: '520px',
  slides: [
    { text: tx('Crafted slowly, worn for years', '慢工細作，歷久常新', '慢工细作，历久常新') },
    { text: tx('The autumn collection', '秋季系列', '秋季系列') },
    { text: tx('Gifts wrapped by hand', '人手包裝禮品', '人手包装礼品') }
  ],
  tagline: tx('A boutique of quiet luxuries', '低調奢華的精品小店', '低调奢华的精品小店'),
  intro: tx(
    'Handpicked pieces from small makers: jade, ceramics, tea and linen, chosen for the way they feel.',
    '來自小型工坊的手選作品：玉石、陶瓷、茶與亞麻，只選觸感動人的好物。',
    '来自小型工坊的手选作品：玉石、陶瓷、茶与亚麻，只选触感动人的好物。'
  ),
  featuredTitle: tx('New in the boutique', '店內新品', '店内新品'),
  promises: [
    {
      title: tx('Gift wrapping', '禮品包裝', '礼品包装'),
      text: tx('Every order wrapped with care.', '每份訂單都用心包裝。', '每份订单都用心包装。')
    },
    {
      title: tx('Made by hand', '人手製作', '人手制作'),
      text: tx('From makers we know by name.', '出自我們熟識的工匠。', '出自我们熟识的工匠。')
    },
    {
      title: tx('Pick up in store', '門市自取', '门市自取'),
      text: tx('Collect from our studio for free.', '可到工作室免費自取。', '可到工作室免费自取。')
    }
  ],
  about: {
    title: tx('About the boutique', '關於本店', '关于本店'),
    paragraphs: [
      tx(
        'Jade began as a corner of a tea house, where friends brought the things they loved. It grew into a boutique, but it still feels like that corner.',
        '本店源於茶館的一角，朋友們帶來心愛的物件。如今雖成了精品店，仍保留那份溫度。',
        '本店源于茶馆的一角，朋友们带来心爱的物件。如今虽成了精品店，仍保留那份温度。'
      ),
      tx(
        'We work directly with makers, pay them fairly and tell their stories beside their work.',
        '我們直接與工匠合作，給予公平報酬，並在作品旁講述他們的故事。',
        '我们直接与工匠合作，给予公平报酬，并在作品旁讲述他们的故事。'
      )
    ]
  },
  cartNote: tx(
    'Your selection is kept here. Gift wrapping is free.',
    '你的選擇都在這裏，禮品包裝免費。',
    '你的选择都在这里，礼品包装免费。'
  ),
  collectionTitle: tx('The collection', '全部系列', '全部系列'),
  keywords: tx('boutique, handmade, gifts, jade, tea', '精品, 手工, 禮品, 玉, 茶', '精品, 手工, 礼品, 玉, 茶')
})
