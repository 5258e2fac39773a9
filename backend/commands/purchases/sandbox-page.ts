/** The embedded provider's checkout page: plain HTML, unmistakably TEST MODE, no card data kept. */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function sandboxCheckoutPage(input: {
  checkoutId: string;
  description: string;
  amount: string;
  status: 'pending' | 'paid' | 'declined';
  backUrl: string;
}): string {
  const action = (what: string) => `/api/payments/sandbox/${encodeURIComponent(input.checkoutId)}/${what}`;
  const body =
    input.status === 'pending'
      ? `<form method="post" action="${escape(action('confirm'))}">
        <label for="card">Numero carta (test)</label>
        <input id="card" name="card" value="4242 4242 4242 4242" readonly>
        <div class="row">
          <div><label for="exp">Scadenza</label><input id="exp" name="exp" value="12/34" readonly></div>
          <div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" readonly></div>
        </div>
        <button type="submit" class="pay" data-testid="sandbox-pay">Paga ${escape(input.amount)}</button>
      </form>
      <form method="post" action="${escape(action('decline'))}">
        <button type="submit" class="decline" data-testid="sandbox-decline">Rifiuta pagamento</button>
      </form>`
      : `<p class="done">${input.status === 'paid' ? 'Pagamento già completato.' : 'Pagamento rifiutato.'}</p>
      <p><a href="${escape(input.backUrl)}">Torna ad Aura</a></p>`;
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagamento di prova · Aura</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
  body{margin:0;font-family:system-ui,sans-serif;background:#0f0c14;color:#f5f3f7}
  .banner{background:#fbbf24;color:#1a1300;font-weight:800;text-align:center;padding:12px;letter-spacing:.04em}
  main{max-width:420px;margin:32px auto;padding:24px;background:#1b1624;border-radius:16px}
  h1{font-size:1.3rem;margin:0 0 4px} .amount{font-size:2rem;font-weight:800;margin:8px 0 20px}
  label{display:block;font-size:.9rem;margin:12px 0 4px;color:#d6d0de}
  input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #4b4257;background:#120f18;color:#f5f3f7;font-size:1rem}
  .row{display:flex;gap:12px} .row>div{flex:1}
  button{width:100%;margin-top:16px;padding:12px;border-radius:10px;border:0;font-size:1rem;font-weight:700;cursor:pointer}
  .pay{background:#ff5c93;color:#1a0710} .decline{background:transparent;color:#f5f3f7;border:1px solid #6b6177}
  button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}
  a{color:#ff8fb5}
</style></head>
<body>
  <div class="banner" role="status">MODALITÀ TEST · SANDBOX · nessun addebito reale</div>
  <main>
    <h1>Acquisto: ${escape(input.description)}</h1>
    <div class="amount">${escape(input.amount)}</div>
    ${body}
  </main>
</body></html>`;
}
