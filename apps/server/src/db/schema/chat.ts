import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';

/** A person's conversation with Tallie in one company; nobody else reads it. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The history panel: one person's conversations in one company, latest first.
  (t) => [
    primaryKey({ name: 'chat_conversations_pkey', columns: [t.companyId, t.id] }),
    index('chat_conversations_owner_idx').on(t.companyId, t.userId, t.updatedAt.desc(), t.id),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').notNull(),
    conversationId: integer('conversation_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'user' or 'assistant'. */
    sender: text('sender').notNull(),
    content: text('content').notNull(),
    metadata: jsonb('metadata'),
    /** The page path of the reply's 'Go to X' button. */
    navigation: text('navigation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ name: 'chat_messages_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'chat_messages_conversation_fk',
      columns: [t.companyId, t.conversationId],
      foreignColumns: [chatConversations.companyId, chatConversations.id],
    }).onDelete('cascade'),
    index('chat_messages_conversation_idx').on(t.companyId, t.conversationId, t.id),
  ],
);
