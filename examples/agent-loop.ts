/**
 * A complete browser agent in one loop: snapshot → decide → act, until the
 * decide step says done. The decide step is pluggable: a language model
 * (./llm-decider.ts) or a fixed plan (./scripted-decider.ts); both see only
 * the goal, the snapshot text and the steps so far.
 *
 *   npm run build
 *   npx tsx examples/agent-loop.ts                       # demo shop, model if a key is set, else the scripted plan
 *   ANTHROPIC_API_KEY=… npx tsx examples/agent-loop.ts --url https://example.com --goal "Find the docs link"
 *
 * Each step prints the action and what the snapshot cost in tokens
 * (characters / 4, the usual rule of thumb for English and markup).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BrowserAgentClient, BrowserAgentError } from '../agent-server/src/client.ts';
import { llmDeciderFromEnv } from './llm-decider.ts';
import { DEMO_SHOP_DONE, DEMO_SHOP_GOAL, DEMO_SHOP_PLAN, scriptedDecider } from './scripted-decider.ts';

export type Action = (
  | { type: 'click'; ref: string }
  | { type: 'fill'; ref: string; value: string }
  | { type: 'type'; ref: string; text: string; submit?: boolean }
  | { type: 'press_key'; key: string }
  | { type: 'navigate'; url: string }
  | { type: 'done'; answer: string }
) & { reason?: string };

export interface Step {
  action: Action;
  /** The tool's answer, or `Error CODE: …` so the decider can recover. */
  result: string;
  snapshotTokens: number;
}

export type Decide = (goal: string, snapshot: string, history: Step[]) => Promise<Action>;

export interface LoopOptions {
  client: BrowserAgentClient;
  goal: string;
  startUrl: string;
  decide: Decide;
  maxSteps?: number;
  log?: (line: string) => void;
}

export interface LoopResult {
  done: boolean;
  answer?: string;
  steps: Step[];
  finalSnapshot: string;
  /** Sum over every snapshot the decider read. */
  snapshotTokens: number;
}

export const tokensOf = (text: string): number => Math.ceil(text.length / 4);

async function act(client: BrowserAgentClient, action: Exclude<Action, { type: 'done' }>): Promise<string> {
  switch (action.type) {
    case 'click':
      return client.click(action.ref);
    case 'fill':
      return client.fill(action.ref, action.value);
    case 'type':
      return client.type(action.ref, action.text, { submit: action.submit });
    case 'press_key':
      return client.pressKey(action.key);
    case 'navigate':
      return client.navigate(action.url);
  }
}

function describe(action: Action): string {
  const { reason, ...rest } = action;
  return `${JSON.stringify(rest)}${reason ? `  — ${reason}` : ''}`;
}

export async function runAgentLoop({ client, goal, startUrl, decide, maxSteps = 25, log = console.log }: LoopOptions): Promise<LoopResult> {
  log(`goal: ${goal}`);
  log(`start: ${(await client.navigate(startUrl)).split('\n')[0]}`);
  const steps: Step[] = [];
  let total = 0;
  for (let n = 1; n <= maxSteps; n++) {
    // A fresh snapshot every turn: refs from an older one may be stale after the last action.
    const snapshot = await client.snapshot();
    const tokens = tokensOf(snapshot);
    total += tokens;
    const action = await decide(goal, snapshot, steps);
    log(`step ${n}: snapshot ${snapshot.length} chars ≈ ${tokens} tokens (total ${total}) → ${describe(action)}`);
    if (action.type === 'done') {
      log(`done: ${action.answer}`);
      return { done: true, answer: action.answer, steps, finalSnapshot: snapshot, snapshotTokens: total };
    }
    let result: string;
    try {
      result = await act(client, action);
    } catch (error) {
      // Tool errors go back to the decider (a stale ref, a covered button): it can recover next turn.
      if (!(error instanceof BrowserAgentError)) throw error;
      result = `Error ${error.code}: ${error.message}`;
    }
    log(`        ${result.split('\n').join(' | ')}`);
    steps.push({ action, result, snapshotTokens: tokens });
  }
  const finalSnapshot = await client.snapshot();
  log(`gave up after ${maxSteps} steps`);
  return { done: false, steps, finalSnapshot, snapshotTokens: total };
}

export const DEMO_SHOP_DIR = fileURLToPath(new URL('./demo-shop/', import.meta.url));

/** Serves examples/demo-shop on 127.0.0.1 for a standalone run. */
async function serveDemoShop(): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname) || 'index.html';
    const file = path.join(DEMO_SHOP_DIR, name);
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      goal: { type: 'string' },
      url: { type: 'string' },
      scripted: { type: 'boolean', default: false },
      headed: { type: 'boolean', default: false },
      port: { type: 'string' },
      'max-steps': { type: 'string', default: '25' },
    },
  });
  const llm = values.scripted ? undefined : llmDeciderFromEnv();
  if (!llm && values.url) throw new Error('A custom --url needs a model: set ANTHROPIC_API_KEY or OPENAI_API_KEY (the scripted plan only knows the demo shop).');
  const demo = values.url ? undefined : await serveDemoShop();
  console.log(llm ? 'decider: language model' : 'decider: scripted plan (set ANTHROPIC_API_KEY or OPENAI_API_KEY to use a model)');
  const args = [values.headed ? '--headed' : '--headless', ...(values.port ? ['--port', values.port] : [])];
  const client = await BrowserAgentClient.launch({ args });
  try {
    const result = await runAgentLoop({
      client,
      goal: values.goal ?? DEMO_SHOP_GOAL,
      startUrl: values.url ?? demo!.url,
      decide: llm ?? scriptedDecider(DEMO_SHOP_PLAN, DEMO_SHOP_DONE),
      maxSteps: Number(values['max-steps']),
    });
    console.log(`${result.done ? 'finished' : 'stopped'} after ${result.steps.length} actions; snapshots cost ≈ ${result.snapshotTokens} tokens`);
    process.exitCode = result.done ? 0 : 1;
  } finally {
    await client.close();
    demo?.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
