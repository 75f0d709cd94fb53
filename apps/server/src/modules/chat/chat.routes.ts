import {
  CHAT_MESSAGES,
  ZChatbotRequest,
  ZChatbotResponse,
  ZChatConversation,
  ZChatConversationsResponse,
  ZChatMessage,
  ZChatMessagesResponse,
  ZCreateConversationRequest,
  ZCreateMessageRequest,
  ZErrorResponse,
  ZIdParam,
  ZSuccessResponse,
  ZUpdateConversationRequest,
} from '@quantics/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/request-context.ts';
import { chat, providerFor } from './chatbot.service.ts';
import * as conversations from './conversations.service.ts';

const ownerOf = (request: FastifyRequest) => {
  const a = requireAuth(request);
  return { companyId: a.companyId, userId: a.userId };
};

/** Tallie Chat: one's own conversations in the current company (anyone else's: 404), and the assistant. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  const notFound = { 404: ZErrorResponse };
  const provider = providerFor(app.config);

  app.get(
    '/api/chat/conversations',
    { schema: { tags, response: { 200: ZChatConversationsResponse } } },
    async (request) => conversations.listConversations(app.db, ownerOf(request)),
  );
  app.post(
    '/api/chat/conversations',
    { schema: { tags, body: ZCreateConversationRequest, response: { 201: ZChatConversation } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await conversations.createConversation(app.db, ownerOf(request), request.body.title)),
  );
  app.put(
    '/api/chat/conversations/:id',
    {
      schema: {
        tags,
        params: ZIdParam,
        body: ZUpdateConversationRequest,
        response: { 200: ZChatConversation, ...notFound },
      },
    },
    async (request) =>
      conversations.updateConversation(app.db, ownerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/chat/conversations/:id',
    { schema: { tags, params: ZIdParam, response: { 200: ZSuccessResponse, ...notFound } } },
    async (request) => {
      await conversations.deleteConversation(app.db, ownerOf(request), request.params.id);
      return { success: true as const };
    },
  );
  app.delete(
    '/api/chat/conversations',
    { schema: { tags, response: { 200: ZSuccessResponse } } },
    async (request) => {
      const n = await conversations.deleteAllConversations(app.db, ownerOf(request));
      return { success: true as const, message: CHAT_MESSAGES.conversationsDeleted(n) };
    },
  );
  app.get(
    '/api/chat/conversations/:id/messages',
    { schema: { tags, params: ZIdParam, response: { 200: ZChatMessagesResponse, ...notFound } } },
    async (request) => conversations.listMessages(app.db, ownerOf(request), request.params.id),
  );
  app.post(
    '/api/chat/conversations/:id/messages',
    {
      schema: {
        tags,
        params: ZIdParam,
        body: ZCreateMessageRequest,
        response: { 201: ZChatMessage, ...notFound },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await conversations.addMessage(app.db, ownerOf(request), request.params.id, request.body)),
  );
  app.post(
    '/api/chatbot',
    {
      // An attached picture travels as a data URL: room for about 4 MB of image.
      bodyLimit: 6 * 1024 * 1024,
      schema: { tags, body: ZChatbotRequest, response: { 200: ZChatbotResponse, ...notFound } },
    },
    async (request) =>
      chat(
        {
          db: app.db,
          config: app.config,
          log: request.log,
          provider,
          recognizer: app.tallie,
          dutchie: app.dutchie,
          inventory: app.inventory.reads,
          audits: app.audits,
        },
        requireAuth(request),
        request.body,
      ),
  );
};
