import type { SafeHtml } from "../../sandbox-home.js";
import { html } from "../../sandbox-home.js";
import { sandboxOrderActions } from "./order-state.js";
import type { SandboxOrder, SandboxProduct, SandboxVariant } from "./store.js";
import { shopName } from "./store.js";

/** HTML of the Shopify emulator: store picker, authorize page, storefront and a small admin. No scripts (CSP). */

export const sandboxShopPath = (shop: string, path = "") => `/__sandbox/shopify/${shop}${path}`;

interface DeliveryRow {
  topic: string;
  address: string;
  status: number | null;
  error: string | null;
  orderId: string | null;
  createdAt: Date;
}

interface FulfillmentRow {
  id: string;
  orderId: string;
  status: string;
  createdAt: Date;
}

function nav(shop: string): SafeHtml {
  return html`<p class="hint">
<a class="button" href="${sandboxShopPath(shop, "/store")}">Storefront</a>
<a class="button" href="${sandboxShopPath(shop, "/admin/orders")}">Orders</a>
<a class="button" href="${sandboxShopPath(shop, "/admin/products")}">Products</a>
<a class="button" href="${sandboxShopPath(shop, "/admin/settings")}">App and webhooks</a>
</p>`;
}

function notice(text: string | undefined, kind: "ok" | "bad" = "ok"): SafeHtml | string {
  return text ? html`<div class="notice ${kind}">${text}</div>` : "";
}

export function homePage(
  shops: { domain: string; products: number; orders: number; installed: boolean }[],
): SafeHtml {
  return html`<h1>Shopify</h1>
<p class="lead">Every <code>*.myshopify.com</code> store exists here: the first visit creates it with sample products
for the three games. The app's OAuth, Admin GraphQL calls and webhooks all go to this emulator.</p>
<form class="inline card" method="get" action="/__sandbox/shopify/open">
<div><label for="shop">Store domain</label><input type="text" id="shop" name="shop" placeholder="my-store.myshopify.com" required></div>
<button type="submit">Open store</button>
</form>
<h2>Stores</h2>
${
  shops.length === 0
    ? html`<p class="hint">No store yet.</p>`
    : html`<table><thead><tr><th>Store</th><th>Products</th><th>Orders</th><th>App</th><th></th></tr></thead><tbody>
${shops.map(
  (
    s,
  ) => html`<tr><td>${s.domain}</td><td>${s.products}</td><td>${s.orders}</td><td>${s.installed ? "installed" : "not installed"}</td>
<td><a class="button" href="${sandboxShopPath(s.domain, "/store")}">Storefront</a> <a class="button" href="${sandboxShopPath(s.domain, "/admin/orders")}">Orders</a></td></tr>
`,
)}</tbody></table>`
}`;
}

const SCOPE_TEXT: Record<string, string> = {
  read_orders: "View orders",
  write_orders: "Edit orders",
  read_products: "View products",
  write_products: "Edit and delete products",
  read_inventory: "View inventory",
  write_inventory: "Edit inventory levels",
  read_merchant_managed_fulfillment_orders: "View fulfillment orders at your own locations",
  write_merchant_managed_fulfillment_orders: "Fulfill orders at your own locations",
};

export function authorizePage(p: {
  shop: string;
  scopes: string[];
  fields: Record<string, string>;
}): SafeHtml {
  return html`<h1>Install Autodrop</h1>
<p class="lead">on <strong>${shopName(p.shop)}</strong> (${p.shop})</p>
<div class="card">
<p>Autodrop delivers the Roblox items your customers buy. It will be able to:</p>
<ul>${p.scopes.map((s) => html`<li>${SCOPE_TEXT[s] ?? s} <code>${s}</code></li>`)}</ul>
<form method="post" action="${sandboxShopPath(p.shop, "/admin/oauth/authorize")}">
${Object.entries(p.fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit">Install app</button>
<a class="button" href="${sandboxShopPath(p.shop, "/store")}">Cancel</a>
</form>
</div>`;
}

export function errorPage(message: string): SafeHtml {
  return html`<h1>Oauth error</h1><div class="notice bad">${message}</div>`;
}

export function storefrontPage(p: {
  shop: string;
  products: { product: SandboxProduct; variants: SandboxVariant[] }[];
  error?: string;
}): SafeHtml {
  return html`<h1>${shopName(p.shop)}</h1>
<p class="lead">Storefront of ${p.shop}. Pick quantities, enter the buyer's e-mail and place the order: Shopify
sends <code>orders/create</code> to every subscribed webhook.</p>
${nav(p.shop)}
${notice(p.error, "bad")}
<form method="post" action="${sandboxShopPath(p.shop, "/store/checkout")}">
<table><thead><tr><th></th><th>Product</th><th>Price</th><th>In stock</th><th>Quantity</th></tr></thead><tbody>
${p.products.flatMap(({ product, variants }) =>
  variants.map(
    (v) => html`<tr>
<td>${product.imageUrl ? html`<img class="avatar" src="${product.imageUrl}" alt="">` : ""}</td>
<td><label for="qty_${v.id}">${product.title}</label><span class="hint">variant ${v.id}</span></td>
<td>$${v.price}</td><td>${v.inventoryQuantity}</td>
<td><input type="number" id="qty_${v.id}" name="qty_${v.id}" min="0" max="1000" value="0" style="width:80px"></td>
</tr>
`,
  ),
)}</tbody></table>
<p><label for="email">Buyer e-mail</label><input type="email" id="email" name="email" required style="min-width:260px;padding:7px 10px"></p>
<fieldset><legend>Payment</legend>
<label><input type="radio" name="financialStatus" value="paid" checked> Card (paid at checkout)</label>
<label><input type="radio" name="financialStatus" value="pending"> Bank transfer (pending until marked as paid)</label>
</fieldset>
<button type="submit">Place order</button>
</form>`;
}

export function lineSummary(order: SandboxOrder): string {
  try {
    const body = JSON.parse(order.payload) as { line_items?: { title?: string; quantity?: number }[] };
    return (body.line_items ?? []).map((l) => `${l.title} × ${l.quantity}`).join(", ");
  } catch {
    return "";
  }
}

function deliveryCell(deliveries: DeliveryRow[]): SafeHtml {
  if (deliveries.length === 0) return html`<span class="hint">not delivered (no subscription)</span>`;
  return html`${deliveries.map(
    (d) =>
      html`<div class="hint">${d.topic} → ${d.status ?? "no answer"}${d.error ? ` (${d.error})` : ""}</div>`,
  )}`;
}

export function ordersPage(p: {
  shop: string;
  orders: SandboxOrder[];
  deliveries: DeliveryRow[];
  fulfillments: FulfillmentRow[];
  message?: string;
}): SafeHtml {
  return html`<h1>Orders</h1>
<p class="lead">${p.shop}: orders placed on the storefront or through <code>POST /__sandbox/shopify/${p.shop}/orders</code>,
with the webhook deliveries and the fulfillments Autodrop created.</p>
${nav(p.shop)}
${notice(p.message)}
${
  p.orders.length === 0
    ? html`<p class="hint">No orders yet.</p>`
    : html`<table><thead><tr><th>Order</th><th>Items</th><th>Total</th><th>E-mail</th><th>Fulfillment</th><th>Webhooks</th><th></th></tr></thead><tbody>
${p.orders.map(
  (o) => html`<tr>
<td><a href="${sandboxShopPath(p.shop, `/admin/orders/${o.id}`)}">${o.name}</a><div class="hint">${o.id}</div><div class="hint">${o.createdAt.toISOString()}</div></td>
<td>${lineSummary(o)}</td><td>$${o.totalPrice}</td><td>${o.email ?? ""}</td>
<td>${o.fulfillmentStatus}${p.fulfillments
    .filter((f) => f.orderId === o.id)
    .map((f) => html`<div class="hint">fulfillment ${f.id} ${f.status}</div>`)}</td>
<td>${deliveryCell(p.deliveries.filter((d) => d.orderId === o.id))}</td>
<td><form method="post" action="${sandboxShopPath(p.shop, `/orders/${o.id}/redeliver`)}"><button type="submit">Resend webhook</button></form></td>
</tr>
`,
)}</tbody></table>`
}`;
}

export function orderPage(p: {
  shop: string;
  order: SandboxOrder;
  deliveries: DeliveryRow[];
  fulfillments: FulfillmentRow[];
  message?: string;
  error?: string;
}): SafeHtml {
  const actions = sandboxOrderActions(p.order.payload);
  const path = (action: string) => sandboxShopPath(p.shop, `/orders/${p.order.id}/${action}`);
  return html`<h1>Order ${p.order.name}</h1>
<p class="lead">${p.shop} · id ${p.order.id} · ${p.order.createdAt.toISOString()}</p>
${nav(p.shop)}
${notice(p.message)}
${notice(p.error, "bad")}
<div class="card">
<p><strong>Payment:</strong> ${actions.financialStatus.replace("_", " ")}${actions.cancelled ? " · cancelled" : ""}</p>
<div class="row">
${actions.canMarkPaid ? html`<form method="post" action="${path("mark-paid")}"><button type="submit">Mark as paid</button></form>` : ""}
${actions.canCancel ? html`<form method="post" action="${path("cancel")}"><button type="submit">Cancel order</button></form>` : ""}
${actions.refundable.length > 0 ? html`<form method="post" action="${path("refunds")}"><input type="hidden" name="all" value="1"><button type="submit">Refund everything</button></form>` : ""}
</div>
${
  actions.refundable.length > 0
    ? html`<form method="post" action="${path("refunds")}"><table><thead><tr><th>Line</th><th>Refundable</th><th>Refund units</th></tr></thead><tbody>
${actions.refundable.map(
  (l) => html`<tr><td><label for="refund_${l.id}">${l.title}</label></td><td>${l.quantity}</td>
<td><input type="number" id="refund_${l.id}" name="refund_${l.id}" min="0" max="${l.quantity}" value="0" style="width:80px"></td></tr>
`,
)}</tbody></table><button type="submit">Refund selected units</button></form>`
    : ""
}
<p><strong>Items:</strong> ${lineSummary(p.order)}</p>
<p><strong>Total:</strong> $${p.order.totalPrice} · <strong>E-mail:</strong> ${p.order.email ?? ""}</p>
<p><strong>Fulfillment:</strong> ${p.order.fulfillmentStatus}</p>
${p.fulfillments.map((f) => html`<p class="hint">Fulfillment ${f.id}: ${f.status} at ${f.createdAt.toISOString()}</p>`)}
<p><strong>Webhook deliveries:</strong></p>${deliveryCell(p.deliveries)}
<form method="post" action="${sandboxShopPath(p.shop, `/orders/${p.order.id}/redeliver`)}"><button type="submit">Resend webhook</button></form>
</div>
<h2>Order body (as the latest webhook sent it)</h2>
<pre class="card" style="white-space:pre-wrap;word-break:break-all">${p.order.payload}</pre>`;
}

export function productsPage(p: {
  shop: string;
  products: { product: SandboxProduct; variants: SandboxVariant[] }[];
  focus?: string;
}): SafeHtml {
  const shown = p.focus ? p.products.filter((x) => x.product.id === p.focus) : p.products;
  return html`<h1>${p.focus ? (shown[0]?.product.title ?? "Product not found") : "Products"}</h1>
<p class="lead">${p.shop}: product and variant ids, prices and the inventory level Autodrop keeps in step with listing stock.</p>
${nav(p.shop)}
<table><thead><tr><th></th><th>Product</th><th>Variant</th><th>Price</th><th>Inventory</th></tr></thead><tbody>
${shown.flatMap(({ product, variants }) =>
  variants.map(
    (v) => html`<tr>
<td>${product.imageUrl ? html`<img class="avatar" src="${product.imageUrl}" alt="">` : ""}</td>
<td><a href="${sandboxShopPath(p.shop, `/admin/products/${product.id}`)}">${product.title}</a><div class="hint">${product.id}</div></td>
<td>${v.id}<div class="hint">inventory item ${v.inventoryItemId}</div></td><td>$${v.price}</td><td>${v.inventoryQuantity}</td>
</tr>
`,
  ),
)}</tbody></table>`;
}

export function settingsPage(p: {
  shop: string;
  installed: { scopes: string } | null;
  /** The app is still subscribed but holds no working token (revoked without an uninstall). */
  revoked: boolean;
  webhooks: { id: string; topic: string; callbackUrl: string }[];
  deliveries: DeliveryRow[];
  message?: string;
}): SafeHtml {
  return html`<h1>App and webhooks</h1>
<p class="lead">${p.shop}: the Autodrop app's install state, its webhook subscriptions and the compliance webhooks.</p>
${nav(p.shop)}
${notice(p.message)}
<div class="card">
<p><strong>Autodrop:</strong> ${p.installed ? html`installed with scopes <code>${p.installed.scopes}</code>` : "not installed"}</p>
${
  p.installed
    ? html`<div class="actions"><form method="post" action="${sandboxShopPath(p.shop, "/uninstall")}"><button type="submit">Uninstall app</button></form>
<form method="post" action="${sandboxShopPath(p.shop, "/revoke-tokens")}"><button type="submit">Revoke access tokens</button></form></div>`
    : p.revoked
      ? html`<p class="hint">Its access tokens are revoked; webhooks are still sent. Installing again issues new ones.</p>`
      : ""
}
</div>
<h2>Subscriptions</h2>
${
  p.webhooks.length === 0
    ? html`<p class="hint">None.</p>`
    : html`<table><thead><tr><th>Topic</th><th>Address</th></tr></thead><tbody>
${p.webhooks.map((w) => html`<tr><td>${w.topic}</td><td>${w.callbackUrl}</td></tr>`)}</tbody></table>`
}
<h2>Compliance webhooks</h2>
<p class="hint">Sent to the addresses in the app's configuration, as Shopify does for data requests and erasure.</p>
<form class="inline card" method="post" action="${sandboxShopPath(p.shop, "/compliance")}">
<div><label for="topic">Topic</label><select id="topic" name="topic">
<option value="customers/data_request">customers/data_request</option>
<option value="customers/redact">customers/redact</option>
<option value="shop/redact">shop/redact</option>
</select></div>
<div><label for="email">Customer e-mail</label><input type="text" id="email" name="email" placeholder="buyer@example.com"></div>
<button type="submit">Send</button>
</form>
<h2>Recent deliveries</h2>
${deliveryCell(p.deliveries)}`;
}
