#!/usr/bin/env node
/**
 * A stand-in LLM speaking the OpenAI chat-completions protocol (POST /v1/chat/completions, function calling),
 * scripted deterministically from the last user message, so Tallie's OpenAI provider can be tested as a real
 * HTTP client. Start: `node apps/llm-sim/src/llm-sim.mjs [port]` (PORT env or argument; 0 picks a free port);
 * it prints `llm-sim listening on <port>`. GET /requests returns every request body it received (for tests).
 *
 * Script (first match wins on the last user message):
 * - contains '#error'      -> HTTP 500
 * - contains '#malformed'  -> HTTP 200 with a body that is not a completion
 * - contains '#slow'       -> answers after 5 seconds
 * - contains '#loop'       -> asks for a tool call every round, forever
 * - has an image part      -> "I see an image (<media type>)."
 * - tool_choice names a function (the server's recognised intent) -> calls it once, with the arguments of the
 *   system message's 'Suggested call: <name> <json>' line when it names the same function; after the tool result,
 *   answers with it. So the stand-in follows the hint the way a real model is made to by tool_choice.
 * - 'low stock' / 'expir' / 'audit' / 'reader' / 'value' / 'where is X' -> asks for the matching tool once
 *   (with a made-up company_id argument the server must ignore); after the tool result, answers with it.
 * - anything else          -> "You said: <text>"
 */
import { createServer } from 'node:http';

const requests = [];

const TOOL_FOR = [
  [/low stock|out of stock/i, 'low_stock', () => ({})],
  [/expir/i, 'expiring_soon', () => ({})],
  [/audit/i, 'recent_audits', () => ({})],
  [/reader|offline|battery/i, 'reader_status', () => ({})],
  [/value|worth/i, 'inventory_value', () => ({})],
  [/where is (\w+)/i, 'find_product', (m) => ({ query: m[1] })],
];

const textOf = (content) =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');

function completion(message) {
  return {
    id: `chatcmpl-${requests.length}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'llm-sim',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  };
}

function toolCall(name, args) {
  return completion({
    content: null,
    tool_calls: [
      {
        id: `call_${requests.length}`,
        type: 'function',
        // A prompt may try to pick the company: the server must not care.
        function: { name, arguments: JSON.stringify({ ...args, company_id: 1, role: 'admin' }) },
      },
    ],
  });
}

/** Names listed in a tool result, so the final answer shows exactly what the server handed over. */
function summarize(result) {
  const names = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if (typeof v.name === 'string') names.push(v.name);
      Object.values(v).forEach(walk);
    }
  };
  walk(result);
  return names.length ? names.join(', ') : JSON.stringify(result);
}

function reply(body) {
  const messages = body.messages ?? [];
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const text = textOf(lastUser?.content);
  if (/#loop/.test(text)) return toolCall('low_stock', {});
  if (Array.isArray(lastUser?.content)) {
    const image = lastUser.content.find((p) => p.type === 'image_url');
    if (image) {
      const type = /^data:([^;]+);/.exec(image.image_url?.url ?? '')?.[1] ?? 'unknown';
      return completion({ content: `I see an image (${type}).` });
    }
  }
  const toolResults = messages.filter((m) => m.role === 'tool');
  const forced = typeof body.tool_choice === 'object' ? body.tool_choice?.function?.name : undefined;
  if (forced && !toolResults.length) {
    const hinted = messages
      .filter((m) => m.role === 'system')
      .map((m) => /Suggested call: (\w+) (\{.*\})/.exec(textOf(m.content)))
      .find((m) => m && m[1] === forced);
    return toolCall(forced, hinted ? JSON.parse(hinted[2]) : {});
  }
  if (toolResults.length) {
    const found = toolResults.map((m) => summarize(JSON.parse(m.content))).join('; ');
    return completion({ content: `## From your data\n\n**Found:** ${found}\n\n[Navigate to Inventory →]` });
  }
  for (const [re, name, args] of TOOL_FOR) {
    const m = re.exec(text);
    if (m) return toolCall(name, args(m));
  }
  return completion({ content: `You said: ${text}` });
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/requests') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(requests));
  }
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ error: { message: 'not found' } }));
  }
  let raw = '';
  req.on('data', (c) => {
    raw += c;
  });
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'invalid JSON' } }));
    }
    requests.push(body);
    const text = textOf([...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content);
    const send = (status, payload) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (/#error/.test(text)) return send(500, { error: { message: 'scripted failure' } });
    if (/#malformed/.test(text)) return send(200, '{"choices": "nope"}');
    if (/#slow/.test(text)) return setTimeout(() => send(200, reply(body)), 5000);
    send(200, reply(body));
  });
});

const port = Number(process.argv[2] ?? process.env.PORT ?? 8787);
server.listen(port, '127.0.0.1', () => {
  console.log(`llm-sim listening on ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
