/** The cart's, checkout's and order page's few styles (decision 0109), on the theme's variables. */
export const commerceCss = `
.ef-commerce{max-width:960px;margin:0 auto;padding:24px 16px}
.ef-commerce h1{font-size:28px}
.ef-cart-lines{list-style:none;margin:0;padding:0}
.ef-cart-line{display:grid;grid-template-columns:1fr auto auto;gap:12px;align-items:center;padding:12px 0;border-bottom:1px solid rgba(0,0,0,.1)}
.ef-cart-line__name{font-weight:600}
.ef-cart-line__remove{background:none;border:0;color:var(--ef-error);cursor:pointer;font:inherit;padding:4px}
.ef-sums{margin:16px 0;display:grid;gap:4px}
.ef-sums div{display:flex;justify-content:space-between}
.ef-sums .ef-sums__total{font-size:20px;font-weight:700}
.ef-note{padding:8px 12px;border-radius:6px;background:var(--ef-secondary);color:var(--ef-secondary-text);margin:8px 0}
.ef-error{color:var(--ef-error);font-size:14px;margin:4px 0}
.ef-form{display:grid;gap:12px}
.ef-form fieldset{border:1px solid rgba(0,0,0,.15);border-radius:8px;padding:12px 16px;display:grid;gap:10px}
.ef-form label{display:grid;gap:4px;font-size:14px}
.ef-file{position:relative}
.ef-file__input{position:absolute;left:0;bottom:0;width:1px;height:1px;opacity:0;overflow:hidden}
.ef-file__row{display:flex;gap:12px;align-items:center;flex-wrap:wrap}
.ef-file__button{cursor:pointer}
.ef-file__name{color:rgba(0,0,0,.6);overflow-wrap:anywhere}
.ef-file__input:focus-visible+.ef-file__row .ef-file__button{outline:2px solid currentColor;outline-offset:2px}
.ef-form input[type=text],.ef-form input[type=email],.ef-form input[type=tel],.ef-form textarea{font:inherit;padding:10px 12px;border:1px solid rgba(0,0,0,.25);border-radius:6px;min-height:44px}
.ef-choice{display:flex!important;flex-direction:row;align-items:center;gap:8px!important;font-size:16px!important}
.ef-coupon{display:flex;gap:8px;margin:12px 0}
.ef-coupon input{flex:1;font:inherit;padding:8px 12px;border:1px solid rgba(0,0,0,.25);border-radius:6px;min-height:44px}
.ef-card{display:grid;gap:4px}.ef-card[hidden]{display:none}.ef-card__label{font-size:14px}
.ef-card__field{padding:10px 12px;border:1px solid rgba(0,0,0,.25);border-radius:6px;min-height:44px}
.ef-accounts{margin:8px 0;padding-left:20px}
/* The account (decision 0114). */
.ef-account section{margin:24px 0}
.ef-account-orders{width:100%;border-collapse:collapse}
.ef-account-orders th,.ef-account-orders td{text-align:left;padding:8px 4px;border-bottom:1px solid rgba(0,0,0,.1)}
.ef-account-addresses{list-style:none;margin:0;padding:0}
.ef-account-addresses>li{padding:12px 0;border-bottom:1px solid rgba(0,0,0,.1)}
.ef-badge--inline{position:static;display:inline-block;padding:0 8px}
.ef-account .ef-btn--text{background:none;border:0;color:var(--ef-primary);cursor:pointer;font:inherit;padding:4px 8px 4px 0}
@media (min-width:800px){.ef-checkout{display:grid;grid-template-columns:3fr 2fr;gap:32px;align-items:start}}
`
