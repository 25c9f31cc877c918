import { docsPage } from './api-reference.page';

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const code = (text: string): string => `<pre><code>${escapeHtml(text.trim())}</code></pre>`;

/** The quick start: from a key to a typed answer received on the developer's own machine, in the service's own words. */
export function quickstartPage(baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, '');
  const body = `<main class="quickstart">
<h1>Quick start</h1>
<p>The Expert Handoff Service takes a unit of work from your agent, hands it to a human expert, and gives you the answer back, as text and, when you ask for it, as typed data. Everything below runs in <strong>test mode</strong>: test deployments cost nothing and are answered at once by a synthetic expert, so you can build the whole integration before a person ever sees a brief.</p>

<h2>1. Get a test key</h2>
<p>A workspace owner creates keys in the console (<a href="/console/">/console</a>, <em>API keys</em>), one set per mode. Test keys start with <code>svc_test_</code>, live keys with <code>svc_live_</code>; a key is shown once. Operators can make a workspace with both from the command line:</p>
${code(`npm run ops -- workspace:create --name "My agent"      # prints keys.test and keys.live
export KEY=svc_test_…`)}

<h2>2. Hand off a piece of work</h2>
${code(`curl -s -X POST ${base}/v1/deployments -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \\
     -H 'Idempotency-Key: first-try' \\
     -d '{"brief": "Write a tagline for a bakery.", "skills": ["copywriting"]}'`)}
<p>The answer is the deployment (<code>dep_…</code>) in <code>pending</code>. It moves through <code>accepted</code> and <code>in_progress</code> to <code>completed</code>, with the expert's work in <code>output</code>. Send the same <code>Idempotency-Key</code> again after a network error and you get the same deployment, never a second one. <code>GET /v1/deployments/dep_…</code> reads it at any time.</p>

<h2>3. Ask for a typed answer</h2>
<p>Give <code>output_schema</code> (a JSON Schema of an object) and the answer comes back as <code>output.data</code>, checked against your schema before anything is delivered:</p>
${code(`curl -s -X POST ${base}/v1/deployments -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d '{
  "brief": "Three headline variants for a bakery, and the one you would pick.", "skills": ["copywriting"],
  "output_schema": {"type": "object", "required": ["variants", "chosen"],
    "properties": {"variants": {"type": "array", "minItems": 3, "items": {"type": "string"}},
                   "chosen": {"type": "integer", "minimum": 0, "maximum": 2}}}}'`)}
<p>In test mode the synthetic expert answers with a value your schema accepts, so your parsing code runs against the real shape.</p>

<h2>4. Receive the events on your own machine</h2>
<p>Every change of a deployment is an event (<code>deployment.accepted</code>, <code>deployment.needs_input</code>, <code>deployment.completed</code>, …), POSTed to your webhook endpoint and signed. While you develop, your server runs on <code>localhost</code>, which the service will not send to; the listener brings the events there instead:</p>
${code(`npm run listen -- --forward-to http://localhost:4000/hooks --key $KEY
# Signing secret of this session: whsec_…   (verify with it; --secret keeps one across runs)
# 2026-12-01T12:00:01.204Z  deployment.accepted        evt_…  --> 200 (4 ms)
# 2026-12-01T12:00:01.331Z  deployment.completed       evt_…  --> 200 (3 ms)`)}
<p>Each event arrives in order with the headers a real delivery carries (<code>Service-Signature</code>, or Standard Webhooks' <code>webhook-id</code> / <code>webhook-timestamp</code> / <code>webhook-signature</code> with <code>--scheme standard</code>), so the verification code you write now is the code you ship. The listener takes test keys; a live key needs <code>--live</code>.</p>
<p>Verify each request before trusting it: the signed payload is <code>&lt;t&gt;.&lt;raw body&gt;</code>, HMAC-SHA256 with your secret, and a timestamp more than 5 minutes off is refused. The SDK does it for you:</p>
${code(`// client: new ExpertHandoff({ apiKey }) from @expert-handoff/sdk.
// Throws unless the signature verifies.
const event = client.webhooks.constructEvent({
  payload: rawBody, // the bytes as received
  header: request.headers['service-signature'],
  secrets: [signingSecret], // your whsec_…
});`)}
<p>Deliveries are retried after 30 s, 2 min, 8 min, 30 min, 2 h and 8 h on a 5xx or a timeout; a 4xx is final. Every resend carries the same delivery id (<code>Service-Delivery</code>): keep the ids you processed and ignore a repeat. The delivery log (<code>GET /v1/webhook_deliveries</code>) shows every attempt; any delivery can be resent, and a scheduled retry can be made now.</p>

<h2>5. Go live</h2>
<p>Register an https endpoint (<code>POST /v1/webhook_endpoints</code>, or the console's <em>Webhooks</em> page), keep its <code>whsec_…</code> secret, and swap in the live key. An endpoint whose deliveries all fail for days is disabled and the workspace owner is told by e-mail; fix it and enable it again from the console.</p>
<p>Every request and answer is in the <a href="/docs">API reference</a>; every error code has a page under <a href="/docs/errors">/docs/errors</a>.</p>
</main>`;
  return docsPage({ title: 'Quick start', current: 'quickstart', body });
}
