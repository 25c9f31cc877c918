/**
 * A complete agent: quotes a brief, hands it to a human expert, answers the expert's question,
 * and prints the output. With a test key (svc_test_…) the synthesized expert plays along, asks
 * one question (metadata `test_script`) and costs nothing.
 *
 *   SERVICE_API_KEY=svc_test_… SERVICE_BASE_URL=http://127.0.0.1:3000 node lib/sdk/examples/handoff-agent.js
 */
import { ExpertHandoff, ExpertHandoffError, type CreateDeploymentParams } from '@expert-handoff/sdk';

const apiKey = process.env.SERVICE_API_KEY;
if (!apiKey) {
  console.error('Set SERVICE_API_KEY to a workspace key (svc_test_… to try it for free).');
  process.exit(2);
}
const client = new ExpertHandoff({ apiKey, baseUrl: process.env.SERVICE_BASE_URL });

/** Your agent's own answer to the expert's question; here, a fixed one. */
function answer(question: string): string {
  return `About "${question}": independent bakeries in Lyon, for locals buying bread on the way to work.`;
}

async function main(): Promise<void> {
  const brief: CreateDeploymentParams = {
    brief: 'Write a tagline for a neighbourhood bakery. It should feel warm and be under eight words.',
    skills: ['copywriting'],
    metadata: { example: 'handoff-agent', test_script: 'ask_question', test_question: 'Which audience should this speak to first?' },
  };

  const quote = await client.deployments.quote(brief);
  if (!quote.available) throw new Error(`no expert available: ${quote.unavailable_reason}`);
  console.log(`quote: ${quote.expert?.name}, ${quote.credits_reserved} credits, about ${Math.round((quote.estimated_completion_seconds ?? 0) / 60)} min`);

  const created = await client.deployments.create(brief);
  console.log(`handed off ${created.id} (${created.status})`);

  // Follows the live event stream; gives up after ten minutes.
  const signal = AbortSignal.timeout(10 * 60_000);
  let deployment = await client.deployments.waitFor(created.id, { until: ['needs_input', 'completed'], signal });
  while (deployment.status === 'needs_input' && deployment.question) {
    console.log(`the expert asks: ${deployment.question.body}`);
    await client.deployments.reply(deployment.id, { body: answer(deployment.question.body) });
    deployment = await client.deployments.waitFor(deployment.id, { until: ['needs_input', 'completed'], signal });
  }
  if (deployment.status !== 'completed' || !deployment.output) throw new Error(`deployment ended ${deployment.status}`);
  console.log(`completed by ${deployment.expert?.name} in ${deployment.duration_seconds} s, ${deployment.credits_charged} credits:`);
  console.log(deployment.output.body);
}

main().catch((error: unknown) => {
  if (error instanceof ExpertHandoffError) console.error(`${error.code} (request ${error.requestId}): ${error.message}`);
  else console.error(error);
  process.exit(1);
});
