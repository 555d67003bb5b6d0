import { isColor, productImageRatios, themeColorKeys, type ProductImageRatio, type ThemeColors } from '@emporia/shared'

/** The colours a theme leaves unset (§3.1 keys), chosen to read well together. */
export const defaultThemeColors: Required<ThemeColors> = {
  accent: '#ff6d00',
  background: '#ffffff',
  disabledText: '#9e9e9e',
  error: '#d32f2f',
  icon: '#424242',
  info: '#0288d1',
  primary: '#1f4e79',
  primaryText: '#ffffff',
  secondary: '#f3efe8',
  secondaryText: '#2b2b2b',
  success: '#2e7d32',
  text: '#212121',
  theme: '#ffffff',
  warning: '#ed6c02'
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/**
 * The theme's colours (§3.1), font and the product pictures' ratio as CSS variables on :root: `--ef-primary`,
 * `--ef-primary-text`, …, `--ef-product-ratio`.
 * Only valid colours are written (a stored value never reaches the style sheet unchecked).
 */
export const themeVariables = (colors: ThemeColors | undefined, font?: string, productImageRatio?: string) => {
  const entries = themeColorKeys.map((key) => {
    const given = colors?.[key]
    return `--ef-${kebab(key)}:${given && isColor(given) ? given.trim() : defaultThemeColors[key]}`
  })
  const family = font && /^[A-Za-z ]{1,40}$/.test(font) ? `'${font}',` : ''
  entries.push(
    `--ef-font:${family}system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans TC','PingFang TC','Microsoft JhengHei',sans-serif`
  )
  // Listed products' pictures are cropped to the shop's ratio (settings/ui): `4:3` → `4/3`.
  const ratio = productImageRatios.includes(productImageRatio as ProductImageRatio) ? productImageRatio! : '1:1'
  entries.push(`--ef-product-ratio:${ratio.replace(':', '/')}`)
  return `:root{${entries.join(';')}}`
}

/**
 * The one small stylesheet every storefront page inlines (no extra request before first paint): mobile
 * first, components' classes `ef-*`, colours and font from the theme's variables.
 */
export const baseCss = `
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:var(--ef-font);color:var(--ef-text);background:var(--ef-background);line-height:1.5;font-size:16px}
img,video,iframe{max-width:100%;display:block}
img{height:auto}
picture{display:contents}
a{color:inherit}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin:.5em 0}
.ef-main{min-height:60vh}
.ef-layout{margin:0 auto;width:100%}
.ef-container{padding:0 16px}
.ef-dark{--ef-text:#f5f5f5;--ef-background:#1c1c1e;background:#1c1c1e;color:#f5f5f5}
.ef-icon{display:inline-block;vertical-align:middle;flex:none}
.ef-text{margin:.25em 0}
.ef-link{text-decoration:none}
.ef-link:hover{text-decoration:underline}
.ef-btn{--ef-button:var(--ef-primary);display:inline-flex;align-items:center;justify-content:center;gap:8px;border-radius:6px;border:1px solid var(--ef-button);font:inherit;font-weight:600;cursor:pointer;text-decoration:none;min-height:44px;padding:8px 20px;transition:filter .15s}
.ef-btn--contained{background:var(--ef-button);color:var(--ef-primary-text)}
.ef-btn--outlined{background:transparent;color:var(--ef-button)}
.ef-btn--text{background:transparent;border-color:transparent;color:var(--ef-button)}
.ef-btn--small{min-height:36px;padding:4px 12px;font-size:14px}
.ef-btn--large{min-height:52px;padding:12px 28px;font-size:18px}
.ef-btn--block{display:flex;width:100%}
.ef-btn:hover{filter:brightness(1.08)}
.ef-header{position:relative;z-index:20;display:flex;align-items:center;background:var(--ef-theme);color:var(--ef-text);box-shadow:0 1px 4px rgba(0,0,0,.12)}
.ef-header--flat{box-shadow:none;border-bottom:1px solid rgba(0,0,0,.08)}
.ef-header--fixed{position:sticky;top:0}
.ef-header--translucent{background:rgba(255,255,255,.82);-webkit-backdrop-filter:blur(10px);backdrop-filter:blur(10px)}
.ef-header__bar{display:flex;align-items:center;width:100%;max-width:1280px;margin:0 auto;padding:0 8px;gap:4px}
.ef-header__bar>.ef-menu{flex:1}
.ef-menu{list-style:none;margin:0;padding:0;display:flex;align-items:center;gap:4px}
.ef-menu--list{flex-direction:column;align-items:stretch}
.ef-menu__sub{list-style:none;margin:0;padding:4px 0}
.ef-menu__spacer{flex:1}
.ef-menu__link{display:flex;align-items:center;gap:6px;min-height:44px;padding:8px 12px;border-radius:6px;text-decoration:none;color:inherit;cursor:pointer;white-space:nowrap}
a.ef-menu__link:hover,summary.ef-menu__link:hover{background:rgba(127,127,127,.12)}
.ef-menu__icon{padding:8px 10px}
summary.ef-menu__link{list-style:none}
summary::-webkit-details-marker{display:none}
.ef-menu__group{position:relative}
.ef-menu--bar .ef-menu__group>details>.ef-menu__sub{position:absolute;top:100%;left:0;min-width:200px;background:var(--ef-background);color:var(--ef-text);box-shadow:0 6px 24px rgba(0,0,0,.16);border-radius:8px;z-index:30}
.ef-menu--list .ef-menu__sub{padding-left:16px}
.ef-menu__logo a{display:flex;align-items:center;text-decoration:none;color:inherit}
.ef-menu__logo img{max-height:48px;width:auto;object-fit:contain}
.ef-logo-text{font-weight:700;font-size:20px;padding:0 8px}
.ef-menu__search form{display:flex;align-items:center;border:1px solid rgba(127,127,127,.35);border-radius:999px;padding:0 4px 0 12px;background:var(--ef-background)}
.ef-menu__search input{border:0;outline:0;background:transparent;font:inherit;color:inherit;width:9em;min-height:38px}
.ef-menu__search button{border:0;background:transparent;color:inherit;cursor:pointer;padding:6px;display:flex}
.ef-cart-link{position:relative}
.ef-badge{position:absolute;top:2px;right:0;min-width:18px;height:18px;border-radius:9px;background:var(--ef-accent);color:#fff;font-size:11px;line-height:18px;text-align:center;padding:0 4px}
.ef-header__mobile{position:static}
.ef-header__mobile>.ef-menu{position:absolute;left:0;right:0;top:100%;background:var(--ef-background);color:var(--ef-text);box-shadow:0 8px 24px rgba(0,0,0,.16);padding:8px;max-height:80vh;overflow:auto}
.ef-header__bar>.ef-menu>li:not(.ef-menu__logo):not(.ef-menu__spacer):has(>.ef-menu__link:not(.ef-menu__icon)),.ef-header__bar>.ef-menu>.ef-menu__group,.ef-header__bar>.ef-menu>.ef-menu__search{display:none}
@media (min-width:768px){.ef-header__mobile{display:none}.ef-header__bar>.ef-menu>li:not(.ef-menu__logo):not(.ef-menu__spacer):has(>.ef-menu__link:not(.ef-menu__icon)),.ef-header__bar>.ef-menu>.ef-menu__group,.ef-header__bar>.ef-menu>.ef-menu__search{display:block}}
.ef-footer{background:var(--ef-secondary);color:var(--ef-secondary-text);margin-top:48px}
.ef-footer--fixed{position:sticky;bottom:0}
.ef-footer--inset{margin:48px 16px 16px;border-radius:12px}
.ef-footer__columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:16px;max-width:1280px;margin:0 auto}
.ef-footer__title{font-size:15px;margin:8px 12px}
.ef-footer .ef-menu--bar{flex-wrap:wrap}
.ef-social{list-style:none;display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:4px;margin:12px 0 0;padding:0}
.ef-social__link{display:flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border-radius:50%;color:inherit;text-decoration:none}
.ef-social__link:hover{background:rgba(127,127,127,.15)}
.ef-social__text{display:flex;align-items:center;gap:6px;padding:0 10px;font-size:14px}
.ef-footer__bottom{text-align:center;font-size:13px;opacity:.8;margin:16px 0 0}
.ef-drawer{position:fixed;top:0;bottom:0;left:0;z-index:40;max-width:88vw;background:var(--ef-background);color:var(--ef-text);box-shadow:2px 0 24px rgba(0,0,0,.2);overflow:auto;transform:translateX(-105%);transition:transform .2s;padding:8px}
.ef-drawer--flat{box-shadow:none;border-right:1px solid rgba(0,0,0,.1)}
.ef-drawer--full{right:0;max-width:none;width:100%}
.ef-drawer--float{top:8px;bottom:8px;left:8px;border-radius:12px}
.ef-drawer:target,.ef-drawer.ef-open{transform:none}
.ef-drawer__head{display:flex;align-items:center;justify-content:space-between;min-height:56px}
@media (min-width:1024px){.ef-drawer--normal:not(.ef-drawer--temporary){position:sticky;transform:none;float:left;height:100vh;box-shadow:none}.ef-drawer--normal:not(.ef-drawer--temporary) .ef-drawer__close{display:none}}
.ef-imgbtn{position:relative;display:block;overflow:hidden;border-radius:8px;text-decoration:none;color:inherit}
.ef-imgbtn__media{display:block}
.ef-imgbtn img{width:100%;transition:transform .3s}
.ef-imgbtn:hover img{transform:scale(1.03)}
.ef-imgbtn--product .ef-imgbtn__media{width:100%;aspect-ratio:var(--ef-product-ratio,1/1);overflow:hidden}
.ef-imgbtn--product img{width:100%;height:100%;object-fit:cover}
.ef-imgbtn__text{position:absolute;inset:auto 0 0 0;padding:12px 16px;color:#fff;font-weight:600;background:linear-gradient(transparent,rgba(0,0,0,.55))}
.ef-imgbtn--hover .ef-imgbtn__text{opacity:0;transition:opacity .2s}
.ef-imgbtn--hover:hover .ef-imgbtn__text,.ef-imgbtn--hover:focus .ef-imgbtn__text{opacity:1}
.ef-imgbtn--bottom .ef-imgbtn__text{position:static;color:inherit;background:none;padding:8px 2px;font-weight:500}
.ef-slider{position:relative;overflow:hidden;width:100%}
.ef-slider__track{display:flex;height:100%;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;scrollbar-width:none}
.ef-slider__track::-webkit-scrollbar{display:none}
.ef-slider__slide{flex:0 0 100%;height:100%;scroll-snap-align:start;position:relative}
.ef-slider__link{display:block;height:100%;color:inherit}
.ef-slider__img,.ef-slider__slide img{width:100%;height:100%;object-fit:cover}
.ef-slider__text{position:absolute;left:5%;bottom:12%;max-width:80%;color:#fff;font-size:clamp(20px,4vw,44px);font-weight:700;text-shadow:0 2px 12px rgba(0,0,0,.45)}
.ef-slider__arrow{position:absolute;top:50%;transform:translateY(-50%);border:0;border-radius:50%;width:44px;height:44px;display:flex;align-items:center;justify-content:center;background:rgba(255,255,255,.8);cursor:pointer;color:#222}
.ef-slider__prev{left:12px}.ef-slider__next{right:12px}
.ef-slider__dots{position:absolute;bottom:12px;left:0;right:0;display:flex;justify-content:center;gap:4px}
.ef-slider__dots button{width:24px;height:24px;border:0;background:transparent;cursor:pointer;padding:8px}
.ef-slider__dots button::after{content:'';display:block;width:8px;height:8px;border-radius:50%;background:rgba(255,255,255,.6)}
.ef-slider__dots button[aria-current=true]::after{background:#fff}
.ef-video{border:0;width:100%}
.ef-tabs__list{display:flex;gap:4px;border-bottom:1px solid rgba(127,127,127,.25);overflow-x:auto}
.ef-tabs__list button{font:inherit;border:0;background:transparent;color:inherit;padding:10px 16px;min-height:44px;cursor:pointer;border-bottom:2px solid transparent}
.ef-tabs__list button[aria-selected=true]{border-bottom-color:var(--ef-primary);color:var(--ef-primary);font-weight:600}
.ef-tabs__panel{padding:16px 0}
.ef-num{display:inline-flex;align-items:stretch;border:1px solid rgba(127,127,127,.4);border-radius:6px;overflow:hidden}
.ef-num button{width:44px;min-height:44px;border:0;background:transparent;font-size:20px;cursor:pointer;color:inherit}
.ef-num input{width:56px;border:0;text-align:center;font:inherit;color:inherit;background:transparent;-moz-appearance:textfield}
.ef-num input::-webkit-inner-spin-button,.ef-num input::-webkit-outer-spin-button{-webkit-appearance:none;margin:0}
.ef-filter{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end;padding:8px 0}
.ef-filter label{display:flex;flex-direction:column;gap:4px;font-size:13px}
.ef-filter select{font:inherit;min-height:40px;padding:6px 10px;border:1px solid rgba(127,127,127,.4);border-radius:6px;background:var(--ef-background);color:inherit}
.ef-sitepath ol{list-style:none;display:flex;flex-wrap:wrap;gap:6px;padding:0;margin:12px 0;font-size:14px;opacity:.85}
.ef-sitepath li{display:flex;gap:6px}
.ef-sitepath a{text-decoration:none}
.ef-sitepath__sep{opacity:.6}
.ef-skus fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}.ef-skus legend{font-weight:600;margin-bottom:6px}
.ef-skus__option{display:inline-flex;align-items:center;gap:6px;padding:6px 12px;border:1px solid rgba(127,127,127,.4);border-radius:var(--ef-radius,4px);cursor:pointer}
.ef-skus__option:has(input:disabled){opacity:.5;cursor:not-allowed}.ef-skus__shown{margin:8px 0 0}.ef-skus__out{color:#b3261e}
.ef-attributes{display:grid;gap:0;margin:12px 0}
.ef-attributes>div{display:grid;grid-template-columns:minmax(96px,30%) 1fr;gap:12px;padding:8px 0;border-bottom:1px solid rgba(127,127,127,.2)}
.ef-attributes dt{font-weight:600}.ef-attributes dd{margin:0}
.ef-html{overflow-wrap:anywhere}
.ef-html img{height:auto}
.ef-notice{max-width:640px;margin:10vh auto;padding:24px;text-align:center}
.ef-product-cards{list-style:none;padding:0;margin:16px 0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(160px,1fr))}
.ef-product-card{display:flex;flex-direction:column;gap:6px}.ef-product-card p{margin:0}.ef-product-card .ef-btn{align-self:flex-start}
.ef-topic__banner img{display:block;width:100%;max-height:420px;object-fit:cover}.ef-topic__desc{opacity:.85}.ef-topic__price{font-size:1.25em}
.ef-app-banners{display:none}
@media (display-mode: standalone){.ef-app-banners{display:grid;gap:8px;margin:8px auto;max-width:1200px;padding:0 12px}}
.ef-app-banner img,.ef-app-banner video{display:block;width:100%;height:auto;border-radius:8px}
`
  .replace(/\n/g, '')
  .trim()
