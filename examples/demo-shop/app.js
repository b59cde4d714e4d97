// The demo shop's whole logic: an in-memory catalogue, a cart, and four views.
// Plain DOM on purpose, so the agent sees exactly what the markup says.
const PRODUCTS = [
  { id: 'mouse', name: 'Wireless Mouse', price: 24 },
  { id: 'keyboard', name: 'Mechanical Keyboard', price: 89 },
  { id: 'pad', name: 'Mouse Pad', price: 9 },
  { id: 'hub', name: 'USB-C Hub', price: 39 },
  { id: 'stand', name: 'Laptop Stand', price: 45 },
];

const cart = [];
const $ = (id) => document.getElementById(id);
const money = (n) => `$${n.toFixed(2)}`;

function show(view) {
  for (const id of ['shop', 'cart', 'checkout-form', 'confirmation']) $(id).hidden = id !== view;
}

function renderCartButton() {
  $('cart-button').textContent = `Cart (${cart.length})`;
}

function search(query) {
  const q = query.trim().toLowerCase();
  const found = PRODUCTS.filter((p) => p.name.toLowerCase().includes(q));
  $('status').textContent = q ? `${found.length} result${found.length === 1 ? '' : 's'} for "${query.trim()}"` : '';
  $('results').replaceChildren(
    ...found.map((product) => {
      const li = document.createElement('li');
      const name = document.createElement('span');
      name.textContent = `${product.name} — ${money(product.price)}`;
      const add = document.createElement('button');
      add.type = 'button';
      add.textContent = 'Add to cart';
      // Every row has an "Add to cart" button; the label says which product it adds.
      add.setAttribute('aria-label', `Add ${product.name} to cart`);
      add.addEventListener('click', () => {
        cart.push(product);
        renderCartButton();
        $('status').textContent = `${product.name} added to your cart`;
      });
      li.append(name, add);
      return li;
    }),
  );
}

function renderCart() {
  $('cart-items').replaceChildren(
    ...cart.map((product) => {
      const li = document.createElement('li');
      li.textContent = `${product.name} — ${money(product.price)}`;
      return li;
    }),
  );
  $('cart-total').textContent = cart.length ? `Total: ${money(cart.reduce((sum, p) => sum + p.price, 0))}` : 'Your cart is empty.';
  $('checkout').disabled = cart.length === 0;
  show('cart');
}

$('search').addEventListener('submit', (event) => {
  event.preventDefault();
  search($('query').value);
});
$('cart-button').addEventListener('click', renderCart);
$('continue').addEventListener('click', () => show('shop'));
$('checkout').addEventListener('click', () => show('checkout-form'));
$('order').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const name = String(form.get('name')).trim();
  const email = String(form.get('email')).trim();
  if (!name || !/.+@.+/.test(email) || !String(form.get('address')).trim()) {
    $('order-error').textContent = 'Please fill in name, a valid email and address.';
    return;
  }
  const number = `DS-${1000 + cart.length * 7}`;
  $('confirmation-text').textContent = `Thank you, ${name}! Order ${number} (${cart.length} item${cart.length === 1 ? '' : 's'}, ${money(cart.reduce((s, p) => s + p.price, 0))}) is on its way. A receipt went to ${email}.`;
  cart.length = 0;
  renderCartButton();
  show('confirmation');
});
