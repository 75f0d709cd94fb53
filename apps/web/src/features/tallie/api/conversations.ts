import {
  type TChatConversation,
  type TCreateMessageRequest,
  ZChatConversation,
  ZChatConversationsResponse,
  ZChatMessage,
  ZChatMessagesResponse,
  ZSuccessResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import {
  forgetAll,
  forgetConversation,
  type LocalOwner,
  localConversations,
  localMessages,
  mirrorConversations,
  mirrorMessages,
} from '../local-history';

export const fetchConversations = () =>
  api('/api/chat/conversations', { schema: ZChatConversationsResponse });
export const createConversation = (title: string) =>
  api('/api/chat/conversations', { method: 'POST', body: { title }, schema: ZChatConversation });
export const fetchMessages = (id: number) =>
  api(`/api/chat/conversations/${id}/messages`, { schema: ZChatMessagesResponse });
export const addMessage = (id: number, body: TCreateMessageRequest) =>
  api(`/api/chat/conversations/${id}/messages`, { method: 'POST', body, schema: ZChatMessage });

export type ConversationList = { items: TChatConversation[]; isFromDevice: boolean };

/** One's conversations from the server (copied to this device); if loading fails, the copy kept here. */
export function useConversations(owner: LocalOwner) {
  return useQuery({
    queryKey: queryKeys.chat.conversationsOf(owner.userId, owner.companyId),
    queryFn: async (): Promise<ConversationList> => {
      try {
        return { items: mirrorConversations(owner, await fetchConversations()), isFromDevice: false };
      } catch (err) {
        console.warn('Tallie: loading conversations failed; using the history kept on this device', err);
        return { items: localConversations(owner), isFromDevice: true };
      }
    },
  });
}

/**
 * A conversation's messages: a conversation kept only here (negative id) from this device; otherwise from the
 * server with any messages held here after them, or this device's copy when loading fails.
 */
export function useMessages(owner: LocalOwner, id: number | null) {
  return useQuery({
    queryKey: queryKeys.chat.messages(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const cid = id ?? 0;
      if (cid < 0) return localMessages(owner, cid) ?? [];
      try {
        return mirrorMessages(owner, cid, await fetchMessages(cid));
      } catch (err) {
        const copy = err instanceof ApiError && err.status === 404 ? null : localMessages(owner, cid);
        if (!copy) throw err;
        console.warn('Tallie: loading messages failed; using the copy kept on this device', err);
        return copy;
      }
    },
  });
}

export function useDeleteConversation(owner: LocalOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      if (id > 0) await api(`/api/chat/conversations/${id}`, { method: 'DELETE', schema: ZSuccessResponse });
      forgetConversation(owner, id);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
  });
}

export function useClearConversations(owner: LocalOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api('/api/chat/conversations', { method: 'DELETE', schema: ZSuccessResponse });
      forgetAll(owner);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
  });
}
