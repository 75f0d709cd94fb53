import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CHAT_MESSAGES } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../../config.ts';
import { type DutchieSimProcess, SIM_KEY, startDutchieSim } from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The OpenAI-compatible provider against apps/llm-sim, started as its own process and spoken to over HTTP. */
const SIM = fileURLToPath(new URL('../../../../llm-sim/src/llm-sim.mjs', import.meta.url));

let sim: ChildProcess;
let dutchieSim: DutchieSimProcess;
let simUrl: string;
let t: TestApp;
let down: TestApp;
let a: Tenant;
let b: Tenant;

function startSim(): Promise<{ proc: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [SIM, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    proc.stdout?.on('data', (chunk: Buffer) => {
      const m = /listening on (\d+)/.exec(chunk.toString());
      if (m) resolve({ proc, port: Number(m[1]) });
    });
    proc.on('error', reject);
  });
}

const openai = (baseUrl: string) => ({
  tallie: { provider: 'openai' as const, baseUrl, model: 'sim-model', timeoutMs: 1500 },
});
const ask = async (app: TestApp, token: string, content: string, extra: object = {}) => {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/chatbot',
    headers: bearer(token),
    payload: { messages: [{ role: 'user', content }], ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { response: string; navigation?: string | null };
};
const simRequests = async () =>
  (await fetch(`${simUrl}/requests`)).json() as Promise<Record<string, unknown>[]>;

beforeAll(async () => {
  const started = await startSim();
  sim = started.proc;
  simUrl = `http://127.0.0.1:${started.port}`;
  dutchieSim = await startDutchieSim();
  t = await createTestApp({
    ...openai(`${simUrl}/v1`),
    dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: dutchieSim.url },
  });
  // Nothing listens on port 9 (discard) here: a stand-in that is down.
  down = await createTestApp(openai('http://127.0.0.1:9/v1'));
  a = await createTenant(t, 'Sim A');
  b = await createTenant(t, 'Sim B');
  for (const [tenant, name] of [
    [a, 'A Low Jar'],
    [b, 'B Low Jar'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(tenant.admin.token),
      payload: { name, sku: 'LOW1', quantity: 1, min_stock_level: 5 },
    });
    expect(res.statusCode).toBe(201);
  }
  // Two stand-in processes, two apps and two sign-ups: room for a busy machine.
}, 120_000);
afterAll(async () => {
  sim?.kill('SIGTERM');
  await t?.close();
  await dutchieSim?.stop();
  await down?.close();
});

describe('Tallie over an OpenAI-compatible server', () => {
  it('runs the tool the model asks for on the session’s company only, even when the prompt names another', async () => {
    const before = (await simRequests()).length;
    const r = await ask(
      t,
      a.member.token,
      `Show the low stock of company ${b.companyId}, company_id ${b.companyId}`,
    );
    expect(r.response).toContain('A Low Jar');
    expect(r.response).not.toContain('B Low Jar');
    expect(r.navigation).toBe('/inventory');
    const sent = (await simRequests()).slice(before);
    expect(sent).toHaveLength(2);
    // The second request carries the tool result: company A's data, nothing of B's.
    const toolMessage = ((sent[1]?.messages ?? []) as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    );
    expect(toolMessage?.content).toContain('A Low Jar');
    expect(toolMessage?.content).not.toContain('B Low Jar');
    expect(sent[0]?.model).toBe('sim-model');
  });

  it("answers a Dutchie company's inventory question from Dutchie through the same tools", async () => {
    const shop = await createTenant(t, 'Sim Dutchie', { useDutchie: true, dutchieApiKey: SIM_KEY });
    const rows = (await (await dutchieSim.get('/reporting/inventory')).json()) as {
      packageId: string;
      productName: string;
      quantityAvailable: number;
    }[];
    const pkg = rows.find((r) => r.quantityAvailable > 0) as (typeof rows)[number];
    const before = (await simRequests()).length;
    const r = await ask(t, shop.member.token, `Where is ${pkg.packageId}?`);
    expect(r.response).toContain(pkg.productName);
    const sent = (await simRequests()).slice(before);
    const tool = ((sent[1]?.messages ?? []) as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    );
    expect(JSON.parse(tool?.content ?? '{}')).toMatchObject({
      source: 'dutchie',
      total: 1,
      products: [{ name: pkg.productName, package_id: pkg.packageId, quantity: pkg.quantityAvailable }],
    });
  });

  it('offers a member only the tools of their role', async () => {
    const before = (await simRequests()).length;
    await ask(t, a.member.token, 'Which readers are offline?');
    const [first] = (await simRequests()).slice(before);
    const names = ((first?.tools ?? []) as { function: { name: string } }[]).map((x) => x.function.name);
    expect(names).not.toContain('reader_status');
    expect(names).toContain('low_stock');
  });

  it('lets the recognised intent pick the first tool, with the period and status it read', async () => {
    const before = (await simRequests()).length;
    const r = await ask(t, a.member.token, 'how many audits failed this month');
    const sent = (await simRequests()).slice(before);
    expect(sent[0]?.tool_choice).toEqual({ type: 'function', function: { name: 'recent_audits' } });
    const system = ((sent[0]?.messages ?? []) as { role: string; content: string }[])
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n');
    expect(system).toContain('Suggested call: recent_audits {"period":"this_month","status":"failed"}');
    const tool = ((sent[1]?.messages ?? []) as { role: string; content: string }[]).find(
      (m) => m.role === 'tool',
    );
    expect(JSON.parse(tool?.content ?? '{}')).toMatchObject({
      period: 'this_month',
      status: 'failed',
      matching: 0,
      counts: { total: 0 },
    });
    expect(r.navigation).toBe('/inventory');
    // The model decides after the first call.
    expect(sent[1]?.tool_choice).toBe('auto');
  });

  it('forces no tool the role may not use, nor any when unsure', async () => {
    const before = (await simRequests()).length;
    await ask(t, a.member.token, 'which scanners need charging');
    await ask(t, a.member.token, 'zzkq plorf wibble');
    const sent = (await simRequests()).slice(before);
    expect(sent.map((s) => s.tool_choice)).toEqual(['auto', 'auto']);
    const hint = ((sent[1]?.messages ?? []) as { role: string; content: string }[])[1]?.content;
    expect(hint).toContain('not sure');
  });

  it('sends an attached image as an image part', async () => {
    const r = await ask(t, a.member.token, 'What is this?', { image: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(r.response).toBe('I see an image (image/png).');
  });

  it('saves the sorry message when the server fails, answers garbage, times out or loops', async () => {
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(a.member.token),
      payload: { title: 'Failures' },
    });
    const id = c.json().id;
    for (const trigger of ['#error', '#malformed', '#slow', '#loop low stock']) {
      const r = await ask(t, a.member.token, trigger, { conversation_id: id });
      expect(r, trigger).toEqual(
        expect.objectContaining({ response: CHAT_MESSAGES.replyFailed, navigation: null }),
      );
    }
    const msgs = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${id}/messages`,
      headers: bearer(a.member.token),
    });
    const answers = msgs.json().filter((m: { sender: string }) => m.sender === 'assistant');
    expect(answers.map((m: { content: string }) => m.content)).toEqual(
      Array(4).fill(CHAT_MESSAGES.replyFailed),
    );
  });

  it('saves the sorry message when the server is down', async () => {
    const tenant = await createTenant(down, 'Down Co');
    expect((await ask(down, tenant.member.token, 'Hello')).response).toBe(CHAT_MESSAGES.replyFailed);
  });
});
