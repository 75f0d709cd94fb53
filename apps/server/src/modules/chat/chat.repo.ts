import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatConversations, chatMessages } from '../../db/schema/index.ts';

/** One person's conversations in one company: every function takes both and filters by them. */
export type Owner = { companyId: number; userId: number };
export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

const owns = (o: Owner) =>
  and(eq(chatConversations.companyId, o.companyId), eq(chatConversations.userId, o.userId));

export function listConversations(db: Db, o: Owner) {
  return db
    .select()
    .from(chatConversations)
    .where(owns(o))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(500);
}

export async function findConversation(db: Db, o: Owner, id: number) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(owns(o), eq(chatConversations.id, id)));
  return row;
}

export async function insertConversation(db: Db, o: Owner, title: string) {
  const [row] = await db
    .insert(chatConversations)
    .values({ ...o, title })
    .returning();
  if (!row) throw new Error('insert conversation returned nothing');
  return row;
}

export async function updateConversation(
  db: Db,
  o: Owner,
  id: number,
  patch: { title?: string; isActive?: boolean },
) {
  const [row] = await db
    .update(chatConversations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(owns(o), eq(chatConversations.id, id)))
    .returning();
  return row;
}

export async function deleteConversation(db: Db, o: Owner, id: number) {
  const rows = await db
    .delete(chatConversations)
    .where(and(owns(o), eq(chatConversations.id, id)))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

export async function deleteAllConversations(db: Db, o: Owner) {
  const rows = await db.delete(chatConversations).where(owns(o)).returning({ id: chatConversations.id });
  return rows.length;
}

export function listMessages(db: Db, o: Owner, conversationId: number) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.companyId, o.companyId),
        eq(chatMessages.userId, o.userId),
      ),
    )
    .orderBy(asc(chatMessages.id));
}

/** Adds a message and marks the conversation as just updated (the history panel sorts by it). */
export async function insertMessage(
  db: Db,
  o: Owner,
  conversationId: number,
  m: {
    sender: string;
    content: string;
    metadata?: Record<string, unknown> | null;
    navigation?: string | null;
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        ...o,
        conversationId,
        sender: m.sender,
        content: m.content,
        metadata: m.metadata ?? null,
        navigation: m.navigation ?? null,
      })
      .returning();
    if (!row) throw new Error('insert message returned nothing');
    await tx
      .update(chatConversations)
      .set({ updatedAt: sql`now()` })
      .where(and(owns(o), eq(chatConversations.id, conversationId)));
    return row;
  });
}
