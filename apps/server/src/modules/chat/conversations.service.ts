import {
  CHAT_MESSAGES,
  chatTitle,
  suggestionsOf,
  type TChatConversation,
  type TChatMessage,
  type TCreateMessageRequest,
  type TUpdateConversationRequest,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import * as repo from './chat.repo.ts';

export type Owner = repo.Owner;

export function conversationView(c: repo.ConversationRow): TChatConversation {
  return {
    id: c.id,
    user_id: c.userId,
    title: c.title,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    is_active: c.isActive,
  };
}

export function messageView(m: repo.MessageRow): TChatMessage {
  const metadata = (m.metadata as Record<string, unknown> | null) ?? null;
  const suggestions = suggestionsOf({ metadata });
  return {
    ...(suggestions.length ? { suggestions } : {}),
    id: m.id,
    conversation_id: m.conversationId,
    user_id: m.userId,
    sender: m.sender === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    created_at: m.createdAt.toISOString(),
    metadata,
    navigation: m.navigation,
  };
}

const missing = () => notFound(CHAT_MESSAGES.conversationNotFound);

export async function listConversations(db: Db, o: Owner): Promise<TChatConversation[]> {
  return (await repo.listConversations(db, o)).map(conversationView);
}

/** The title follows the spec's rule whatever the client sends: 50 characters, then '...'. */
export async function createConversation(db: Db, o: Owner, title: string): Promise<TChatConversation> {
  return conversationView(await repo.insertConversation(db, o, chatTitle(title)));
}

export async function updateConversation(
  db: Db,
  o: Owner,
  id: number,
  body: TUpdateConversationRequest,
): Promise<TChatConversation> {
  const row = await repo.updateConversation(db, o, id, {
    ...(body.title !== undefined ? { title: chatTitle(body.title) } : {}),
    ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
  });
  if (!row) throw missing();
  return conversationView(row);
}

export async function deleteConversation(db: Db, o: Owner, id: number): Promise<void> {
  if (!(await repo.deleteConversation(db, o, id))) throw missing();
}

export const deleteAllConversations = (db: Db, o: Owner) => repo.deleteAllConversations(db, o);

/** Throws 404 unless the conversation is the caller's own in their current company. */
export async function requireConversation(db: Db, o: Owner, id: number) {
  const row = await repo.findConversation(db, o, id);
  if (!row) throw missing();
  return row;
}

export async function listMessages(db: Db, o: Owner, id: number): Promise<TChatMessage[]> {
  await requireConversation(db, o, id);
  return (await repo.listMessages(db, o, id)).map(messageView);
}

export async function addMessage(
  db: Db,
  o: Owner,
  id: number,
  body: TCreateMessageRequest,
): Promise<TChatMessage> {
  await requireConversation(db, o, id);
  return messageView(await repo.insertMessage(db, o, id, body));
}
