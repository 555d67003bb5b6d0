import { buildTemplate } from './build-template'
import { colorScheme } from './color-schemes'
import { tx } from './template-parts'

const schemes = [
  colorScheme('neon', tx('Neon pink', '霓虹粉', '霓虹粉'), {
    theme: '#0d0d14',
    primary: '#ff2e88',
    secondary: '#7c3aed',
    accent: '#ff2e88',
    background: '#12121c',
    text: '#f5f5fa',
    dark: true
  }),
  colorScheme('acid', tx('Acid lime', '酸性青檸', '酸性青柠'), {
    theme: '#0b0f0a',
    primary: '#b6ff3b',
    secondary: '#00b3a4',
    accent: '#b6ff3b',
    background: '#111510',
    text: '#f2f7ee',
    dark: true
  }),
  colorScheme('electric', tx('Electric blue', '電光藍', '电光蓝'), {
    theme: '#070b1a',
    primary: '#3d8bff',
    secondary: '#ff7a18',
    accent: '#3dd6ff',
    background: '#0c1226',
    text: '#eef3ff',
    dark: true
  })
]
const colors = schemes[0].colors

/** Neon: bold and dark, for streetwear, gadgets and drops. */
export const neonTemplate = buildTemplate({
  id: 'neon',
  name: tx('Neon', '霓虹', '霓虹'),
  description: tx(
    'Bold and dark with glowing accents: big type, full-width banners, made for drops and gadgets.',
    '大膽的深色風格配霓虹點綴：大字體、全幅橫幅，適合限量發售與潮流產品。',
    '大胆的深色风格配霓虹点缀：大字体、全幅横幅，适合限量发售与潮流产品。'
  ),
  font: 'Montserrat',
  colorSchemes: schemes,
  look: {
    surface: '#1b1b2a',
    text: colors.text,
    line: colors.disabledText,
    accent: colors.accent,
    button: 'contained',
    headingWeight: 800,
    cardImageHeight: '260px'
  },
  darkHeader: true,
  heroHeight: '560px',
  slides: [
    { text: tx('THE DROP IS LIVE', '新品已上架', '新品已上架') },
    { text: tx('Limited runs. No restocks.', '限量發售，售完即止。', '限量发售，售完即止。') },
    { text: tx('Glow after dark', '入夜發光', '入夜发光') }
  ],
  tagline: tx('Loud design. Serious gear.', '大膽設計，認真裝備。', '大胆设计，认真装备。'),
  intro: tx(
    'Streetwear, tech and accessories for the city at night. New drops every Friday.',
    '為夜色城市而設的潮服、科技與配件，逢星期五上新。',
    '为夜色城市而设的潮服、科技与配件，逢星期五上新。'
  ),
  featuredTitle: tx('Trending now', '熱賣中', '热卖中'),
  promises: [
    {
      title: tx('Same-day dispatch', '即日發貨', '即日发货'),
      text: tx('Order by 3 pm, it ships today.', '下午三時前下單，即日寄出。', '下午三时前下单，即日寄出。')
    },
    {
      title: tx('Authentic only', '正品保證', '正品保证'),
      text: tx('Straight from the brands.', '品牌直接供貨。', '品牌直接供货。')
    },
    {
      title: tx('Members save more', '會員更多優惠', '会员更多优惠'),
      text: tx('Points on every order.', '每張訂單都賺積分。', '每张订单都赚积分。')
    }
  ],
  about: {
    title: tx('Who we are', '我們是誰', '我们是谁'),
    paragraphs: [
      tx(
        'We are a crew of designers and night owls who wanted gear that looks as good under street lights as it works in daylight.',
        '我們是一群設計師和夜貓子，想要在街燈下好看、白天也好用的裝備。',
        '我们是一群设计师和夜猫子，想要在街灯下好看、白天也好用的装备。'
      ),
      tx(
        'Every drop is small on purpose: when it is gone, it is gone.',
        '每次發售刻意少量：賣完就沒有了。',
        '每次发售刻意少量：卖完就没有了。'
      )
    ]
  },
  cartNote: tx('Almost yours. Check out before it sells out.', '快將屬於你，趁未售罄快結帳。', '快将属于你，趁未售罄快结账。'),
  collectionTitle: tx('Shop everything', '全部商品', '全部商品'),
  keywords: tx('streetwear, gadgets, limited drops', '潮服, 科技, 限量', '潮服, 科技, 限量')
})
