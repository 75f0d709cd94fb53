import { companyDay } from '@quantics/contracts';
import { z } from 'zod';
import { CORPUS } from './nlu/corpus.ts';
import { daysAhead, isFuture } from './nlu/entities.ts';
import type { Understanding } from './nlu/recognizer.ts';
import type { TallieProvider } from './provider.ts';
import { runTool, type TallieContext, TOOLS, type ToolName, toolsFor } from './tools.ts';

export type OpenAiOptions = { baseUrl: string; apiKey?: string; model: string; timeoutMs: number };

/** At most this many rounds of tool calls per answer; then the model must answer or it is a failure. */
export const MAX_TOOL_ROUNDS = 4;

const SYSTEM = `You are Tallie, the assistant of Quantics, an RFID inventory and audit portal.
Answer from the company's own data using the tools; never invent figures. Reply in light markdown (bold, ## and ### headings, lists).
When a page of the portal helps, end with '[Navigate to X →]' where X is one of: Dashboard, Audits, Devices, Inventory, Locations, Print Labels, Reports, Team, Company, Settings.`;

const ZToolCall = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
const ZCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.literal('assistant'),
          content: z.string().nullable().optional(),
          tool_calls: z.array(ZToolCall).nullable().optional(),
        }),
      }),
    )
    .min(1),
});

type Msg = Record<string, unknown>;

async function complete(o: OpenAiOptions, body: Msg) {
  const res = await fetch(`${o.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(o.timeoutMs),
  });
  if (!res.ok) throw new Error(`chat completions answered ${res.status}`);
  const parsed = ZCompletion.safeParse(await res.json());
  if (!parsed.success) throw new Error('chat completions answer is malformed');
  const first = parsed.data.choices[0];
  if (!first) throw new Error('chat completions answer has no choice');
  return first.message;
}

async function callTool(ctx: TallieContext, name: string, rawArgs: string) {
  try {
    // Whatever the arguments say (a company id, a role), the tool reads the session's company only.
    return await runTool(ctx, name, JSON.parse(rawArgs || '{}'));
  } catch {
    return { error: 'The tool could not run with those arguments.' };
  }
}

/** The tool (and its arguments) that answers what the recognizer understood, when one does. */
export function suggestedCall(ctx: TallieContext, u: Understanding): { name: ToolName; args: object } | null {
  if (!u.confident) return null;
  const { period, status, product, place } = u.entities;
  const call = ((): { name: ToolName; args: object } | null => {
    switch (u.intent) {
      case 'stock.low':
        return { name: 'low_stock', args: {} };
      case 'stock.expiring':
        return { name: 'expiring_soon', args: { days: daysAhead(period, companyDay(ctx.timeZone)) } };
      case 'stock.find':
        return product
          ? { name: 'find_product', args: { query: product, ...(place ? { place } : {}) } }
          : null;
      case 'stock.value':
        return { name: 'inventory_value', args: {} };
      case 'audits.recent':
        return {
          name: 'recent_audits',
          args: { ...(period && !isFuture(period) ? { period } : {}), ...(status ? { status } : {}) },
        };
      case 'audits.losses':
        return { name: 'last_audit_discrepancies', args: {} };
      case 'readers.status':
        return { name: 'reader_status', args: {} };
      case 'counts.due':
      case 'counts.overdue':
        return { name: 'due_counts', args: {} };
      case 'shrink.losses':
      case 'shrink.why':
        return { name: 'shrink_report', args: period && !isFuture(period) ? { period } : {} };
      default:
        return null;
    }
  })();
  return call && toolsFor(ctx.role).includes(call.name) ? call : null;
}

/**
 * What the built-in recognizer understood, for the model: the topic and entities, and the call that answers it.
 * The same recognition drives the built-in answers, so both providers agree on what was asked.
 */
function hint(u: Understanding, call: ReturnType<typeof suggestedCall>): string {
  const spec = CORPUS.find((i) => i.name === u.intent);
  if (!u.confident || !spec) {
    const near = u.closest.map((c) => CORPUS.find((i) => i.name === c.intent)?.topic).filter(Boolean);
    return `Quantics' intent recognizer is not sure what the user asks${near.length ? ` (closest: ${near.join(', ')})` : ''}. If it is unclear, ask them; never search products with words that are not a product.`;
  }
  const entities = Object.entries(u.entities)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  const parts = [
    `Quantics' intent recognizer understood the user's last message as: ${spec.topic} (intent ${u.intent}, confidence ${u.score.toFixed(2)})${entities ? `; entities: ${entities}` : ''}.`,
  ];
  if (call) parts.push(`Suggested call: ${call.name} ${JSON.stringify(call.args)}`);
  return parts.join('\n');
}

/** Any OpenAI-compatible chat-completions server, with function calling over Tallie's read-only tools. */
export function openAiProvider(o: OpenAiOptions): TallieProvider {
  return {
    async answer(ctx, { messages, image, understanding }) {
      const last = messages.at(-1);
      const history: Msg[] = messages.slice(0, -1).map((m) => ({ role: m.role, content: m.content }));
      const userContent = image
        ? [
            { type: 'text', text: last?.content ?? '' },
            { type: 'image_url', image_url: { url: image } },
          ]
        : (last?.content ?? '');
      const call = suggestedCall(ctx, understanding);
      const convo: Msg[] = [
        { role: 'system', content: SYSTEM },
        { role: 'system', content: hint(understanding, call) },
        ...history,
        { role: 'user', content: userContent },
      ];
      const tools = toolsFor(ctx.role).map((name) => ({
        type: 'function',
        function: { name, description: TOOLS[name].description, parameters: TOOLS[name].parameters },
      }));
      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        const canCallTools = round < MAX_TOOL_ROUNDS;
        const reply = await complete(o, {
          model: o.model,
          messages: convo,
          // The recognised intent picks the first call; after its result the model decides.
          ...(canCallTools
            ? {
                tools,
                tool_choice:
                  round === 0 && call ? { type: 'function', function: { name: call.name } } : 'auto',
              }
            : {}),
        });
        const calls = reply.tool_calls ?? [];
        if (!calls.length) {
          if (!reply.content?.trim()) throw new Error('the model gave an empty answer');
          return { text: reply.content };
        }
        if (!canCallTools) break;
        convo.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls });
        for (const call of calls) {
          const result = await callTool(ctx, call.function.name, call.function.arguments);
          convo.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
      }
      throw new Error(`the model asked for tools past ${MAX_TOOL_ROUNDS} rounds`);
    },
  };
}
