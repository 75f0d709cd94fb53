import {
  CHAT_MESSAGES,
  menuFor,
  navigationTarget,
  type TChatbotRequest,
  type TChatbotResponse,
} from '@quantics/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companyZone } from '../../db/company-day.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import type { AuditClock } from '../audits/audit-status.ts';
import type { DutchieContext } from '../dutchie/dutchie-context.ts';
import type { InventoryReads } from '../inventory/inventory.repo.ts';
import * as repo from './chat.repo.ts';
import { messageView, requireConversation } from './conversations.service.ts';
import { builtinProvider } from './tallie/builtin-provider.ts';
import type { Recognizer } from './tallie/nlu/recognizer.ts';
import { openAiProvider } from './tallie/openai-provider.ts';
import type { TallieProvider } from './tallie/provider.ts';

export type ChatbotDeps = {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  provider: TallieProvider;
  /** The app's one recognizer (app.tallie), trained once. */
  recognizer: Recognizer;
  dutchie: DutchieContext;
  inventory: InventoryReads;
  audits: AuditClock;
};

export function providerFor(config: AppConfig): TallieProvider {
  const t = config.tallie;
  if (t?.provider === 'openai' && t.baseUrl)
    return openAiProvider({ baseUrl: t.baseUrl, apiKey: t.apiKey, model: t.model, timeoutMs: t.timeoutMs });
  return builtinProvider;
}

/** The page a reply's '[Navigate to X →]' names, if the caller's menu has it. */
function navigationPath(reply: string, actor: AuthContext): string | null {
  const target = navigationTarget(reply)?.toLowerCase();
  if (!target) return null;
  const page = menuFor(actor.role, actor.inventoryType).find((m) => m.label.toLowerCase() === target);
  return page?.path ?? null;
}

/**
 * Answers the last user message. The company and role given to the tools are the session's. Any failure of the
 * provider becomes the spec's sorry text (the reason is logged only). With a conversation, both the question
 * and the answer are saved in it.
 */
export async function chat(
  deps: ChatbotDeps,
  actor: AuthContext,
  body: TChatbotRequest,
): Promise<TChatbotResponse> {
  const owner = { companyId: actor.companyId, userId: actor.userId };
  if (body.conversation_id !== undefined) await requireConversation(deps.db, owner, body.conversation_id);
  const ctx = {
    db: deps.db,
    companyId: actor.companyId,
    userId: actor.userId,
    role: actor.role,
    inventoryType: actor.inventoryType,
    timeZone: await companyZone(deps.db, actor.companyId),
    audits: deps.audits,
    dutchie: deps.dutchie,
    inventory: deps.inventory,
  };
  const question = body.messages.at(-1)?.content.trim() ?? '';
  let response: string;
  let suggestions: string[] = [];
  let failed = false;
  try {
    const understanding = await deps.recognizer.recognize(question);
    const answer = await deps.provider.answer(ctx, {
      messages: body.messages,
      image: body.image,
      understanding,
    });
    response = answer.text;
    suggestions = answer.suggestions ?? [];
  } catch (err) {
    deps.log.error({ err: err instanceof Error ? err.message : String(err) }, 'tallie answer failed');
    response = CHAT_MESSAGES.replyFailed;
    failed = true;
  }
  const navigation = failed ? null : navigationPath(response, actor);
  const offered = suggestions.length ? { suggestions } : {};
  if (body.conversation_id === undefined) return { response, navigation, ...offered };

  const user = await repo.insertMessage(deps.db, owner, body.conversation_id, {
    sender: 'user',
    content: question,
    metadata: body.image ? { has_image: true } : null,
  });
  const assistant = await repo.insertMessage(deps.db, owner, body.conversation_id, {
    sender: 'assistant',
    content: response,
    metadata: failed ? { failed: true } : suggestions.length ? { suggestions } : null,
    navigation,
  });
  return {
    response,
    navigation,
    ...offered,
    user_message: messageView(user),
    assistant_message: messageView(assistant),
  };
}
