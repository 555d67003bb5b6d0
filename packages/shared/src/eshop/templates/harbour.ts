import { buildTemplate } from './build-template'
import { colorScheme } from './color-schemes'
import { tx } from './template-parts'

const schemes = [
  colorScheme('harbour', tx('Harbour blue', '海港藍', '海港蓝'), {
    theme: '#1d4e89',
    primary: '#1d4e89',
    secondary: '#f2a541',
    accent: '#1f6fd1',
    background: '#ffffff',
    text: '#1f2933'
  }),
  colorScheme('tide', tx('Teal tide', '碧潮', '碧潮'), {
    theme: '#0f6e6e',
    primary: '#0f6e6e',
    secondary: '#ffb86b',
    accent: '#138a8a',
    background: '#ffffff',
    text: '#1c2a2a'
  }),
  colorScheme('slate', tx('Slate', '石板灰', '石板灰'), {
    theme: '#334155',
    primary: '#334155',
    secondary: '#38bdf8',
    accent: '#0f72c4',
    background: '#ffffff',
    text: '#0f172a'
  })
]
const colors = schemes[0].colors

/** Harbour: clean and blue, for everyday goods. */
export const harbourTemplate = buildTemplate({
  id: 'harbour',
  name: tx('Harbour', '海港', '海港'),
  description: tx(
    'Clean and calm in harbour blue: a bright home page, clear product cards, room to breathe.',
    '海港藍的清爽風格：明亮的首頁、清晰的商品卡片，留白舒適。',
    '海港蓝的清爽风格：明亮的首页、清晰的商品卡片，留白舒适。'
  ),
  font: 'Roboto',
  colorSchemes: schemes,
  look: {
    surface: '#f4f7fb',
    text: colors.text,
    line: colors.disabledText,
    accent: colors.accent,
    button: 'contained',
    headingWeight: 600,
    cardImageHeight: '240px'
  },
  darkHeader: true,
  heroHeight: '440px',
  slides: [
    { text: tx('New season, fresh arrivals', '新季節，新到貨', '新季节，新到货') },
    { text: tx('Free delivery over HK$500', '滿 HK$500 免運費', '满 HK$500 免运费') },
    { text: tx('Made to last, priced fairly', '耐用好物，價格公道', '耐用好物，价格公道') }
  ],
  tagline: tx('Good things, close to home', '好物就在身邊', '好物就在身边'),
  intro: tx(
    'A small shop of well-made everyday things, picked one by one and delivered across Hong Kong.',
    '精心挑選的日常好物，逐件嚴選，送遍全港。',
    '精心挑选的日常好物，逐件严选，送遍全港。'
  ),
  featuredTitle: tx('Featured products', '精選商品', '精选商品'),
  promises: [
    {
      title: tx('Fast delivery', '快速送貨', '快速送货'),
      text: tx('Ships in one working day.', '一個工作天內發貨。', '一个工作天内发货。')
    },
    {
      title: tx('Easy returns', '輕鬆退貨', '轻松退货'),
      text: tx('Changed your mind? 14 days to return.', '改變主意？14 天內可退貨。', '改变主意？14 天内可退货。')
    },
    {
      title: tx('Friendly help', '貼心客服', '贴心客服'),
      text: tx('Real people answer within a day.', '真人客服，一天內回覆。', '真人客服，一天内回复。')
    }
  ],
  about: {
    title: tx('Our story', '我們的故事', '我们的故事'),
    paragraphs: [
      tx(
        'We started by the harbour with a simple idea: fewer, better things that make every day a little easier.',
        '我們在海港邊起步，理念很簡單：少一點，但更好，讓每天都輕鬆一點。',
        '我们在海港边起步，理念很简单：少一点，但更好，让每天都轻松一点。'
      ),
      tx(
        'Every product is tested by our team before it reaches the shelf, and we stand behind each one.',
        '每件商品上架前都經過團隊親自試用，我們為每一件負責。',
        '每件商品上架前都经过团队亲自试用，我们为每一件负责。'
      )
    ]
  },
  cartNote: tx('Check your items, then go to checkout.', '請確認商品，然後前往結帳。', '请确认商品，然后前往结账。'),
  collectionTitle: tx('All products', '全部商品', '全部商品'),
  keywords: tx('shop, everyday goods, Hong Kong', '商店, 日常好物, 香港', '商店, 日常好物, 香港')
})
