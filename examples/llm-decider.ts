/**
 * The decide step backed by a language model: Anthropic's Messages API
 * (ANTHROPIC_API_KEY) or any OpenAI-compatible chat completions endpoint
 * (OPENAI_API_KEY, OPENAI_BASE_URL). Plain fetch, no SDK, so the example
 * shows the whole exchange. Not run in CI: it needs a key and the network.
 */
import type { Action, Decide, Step } from './agent-loop.ts';

const SYSTEM = `You operate a web browser to reach the user's goal. Each turn you get the goal, the actions taken so far with their results, and an accessibility snapshot of the page: one element per line, e.g. \`- button "Add to cart" [ref=e12]\`. Act only on refs that appear in the current snapshot.
Reply with exactly one JSON object and nothing else, one of:
{"type":"click","ref":"e12","reason":"..."}
{"type":"fill","ref":"e5","value":"text that replaces the field's content","reason":"..."}
{"type":"type","ref":"e5","text":"text typed key by key","submit":true,"reason":"..."}
{"type":"press_key","key":"Enter","reason":"..."}
{"type":"navigate","url":"https://...","reason":"..."}
{"type":"done","answer":"what was achieved, or why it cannot be"}`;

/** How many past steps the model sees; older ones cost tokens and rarely matter. */
const HISTORY_STEPS = 12;

function prompt(goal: string, snapshot: string, history: Step[]): string {
  const past = history.slice(-HISTORY_STEPS).map((s, i) => `${history.length - Math.min(history.length, HISTORY_STEPS) + i + 1}. ${JSON.stringify(s.action)} → ${s.result.split('\n')[0]}`);
  return [`Goal: ${goal}`, '', 'Steps so far:', past.length ? past.join('\n') : '(none)', '', 'Current page:', snapshot].join('\n');
}

/** Pulls the first JSON object out of a reply; models sometimes wrap it in prose or a code fence. */
export function parseAction(reply: string): Action {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error(`The model did not answer with a JSON action: ${reply}`);
  const action = JSON.parse(reply.slice(start, end + 1)) as Action;
  const needs: Record<Action['type'], string[]> = {
    click: ['ref'],
    fill: ['ref', 'value'],
    type: ['ref', 'text'],
    press_key: ['key'],
    navigate: ['url'],
    done: ['answer'],
  };
  const fields = needs[action.type];
  if (!fields) throw new Error(`Unknown action type in ${reply}`);
  for (const field of fields) {
    if (typeof (action as unknown as Record<string, unknown>)[field] !== 'string') throw new Error(`Action ${action.type} lacks "${field}": ${reply}`);
  }
  return action;
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${await response.text()}`);
  return response.json();
}

export function anthropicDecider(
  apiKey: string,
  baseUrl = process.env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com',
  model = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5',
): Decide {
  return async (goal, snapshot, history) => {
    const data = (await post(
      `${baseUrl.replace(/\/$/, '')}/v1/messages`,
      { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' },
      { model, max_tokens: 512, system: SYSTEM, messages: [{ role: 'user', content: prompt(goal, snapshot, history) }] },
    )) as { content: { type: string; text?: string }[] };
    return parseAction(data.content.map((block) => block.text ?? '').join(''));
  };
}

export function openAiDecider(apiKey: string, baseUrl = process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1', model = process.env.OPENAI_MODEL ?? 'gpt-4o-mini'): Decide {
  return async (goal, snapshot, history) => {
    const data = (await post(
      `${baseUrl.replace(/\/$/, '')}/chat/completions`,
      { authorization: `Bearer ${apiKey}` },
      {
        model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: prompt(goal, snapshot, history) },
        ],
      },
    )) as { choices: { message: { content: string | null } }[] };
    return parseAction(data.choices[0]?.message.content ?? '');
  };
}

/** The model-backed decider the environment provides a key for, if any. */
export function llmDeciderFromEnv(): Decide | undefined {
  if (process.env.ANTHROPIC_API_KEY) return anthropicDecider(process.env.ANTHROPIC_API_KEY);
  if (process.env.OPENAI_API_KEY) return openAiDecider(process.env.OPENAI_API_KEY);
  return undefined;
}
