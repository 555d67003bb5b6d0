/**
 * A stand-in for Stripe.js, served by the double at `/v3/` (decision 0115): `Stripe(publicKey)` with
 * `elements().create('card').mount(el)` (a plain card-number field) and `confirmCardPayment`, which
 * posts the number to the double, as Stripe.js posts to Stripe with the publishable key. Test numbers
 * are Stripe's: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, …9995 has insufficient funds.
 */
export const STRIPE_JS_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds'
}

export const stripeJs = (origin: string) => `(() => {
  const api = ${JSON.stringify(origin)};
  window.Stripe = (publicKey) => {
    if (!/^pk_/.test(String(publicKey))) throw new Error('Stripe(): a publishable key (pk_…) is required');
    return {
      elements: () => ({
        create: (type) => {
          const input = document.createElement('input');
          input.name = 'cardnumber';
          input.inputMode = 'numeric';
          input.autocomplete = 'cc-number';
          input.placeholder = '1234 1234 1234 1234';
          input.setAttribute('data-testid', 'stripe-double-card');
          input.setAttribute('aria-label', 'Card number');
          input.style.cssText = 'border:0;width:100%;font:inherit;outline:none';
          return { type, input, mount: (target) => (typeof target === 'string' ? document.querySelector(target) : target).append(input) };
        }
      }),
      confirmCardPayment: async (clientSecret, data) => {
        const card = data && data.payment_method && data.payment_method.card;
        const answer = await fetch(api + '/_double/js/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ key: publicKey, client_secret: clientSecret, number: card ? card.input.value.replace(/\\D/g, '') : '' })
        });
        const body = await answer.json();
        return answer.ok ? { paymentIntent: body } : { error: body.error };
      }
    };
  };
})();
`
