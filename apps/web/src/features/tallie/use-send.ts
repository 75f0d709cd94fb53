import {
  CHAT_MESSAGES,
  type TChatbotMessage,
  type TChatConversation,
  type TChatMessage,
} from '@quantics/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { askTallie } from './api/chatbot';
import { addMessage, createConversation } from './api/conversations';
import { createLocalConversation, holdMessages, type LocalOwner } from './local-history';

type Draft = Pick<TChatMessage, 'sender' | 'content' | 'metadata'> & { navigation: string | null };

export type SendRequest = {
  /** The open conversation, or null to start one titled `title`. */
  conversation: TChatConversation | null;
  title: string;
  question: string;
  image: string | null;
  history: TChatbotMessage[];
};

const sorry = (): Draft => ({
  sender: 'assistant',
  content: CHAT_MESSAGES.replyFailed,
  metadata: { failed: true },
  navigation: null,
});

/** Saves what the failed reply leaves (the question and the sorry message); what cannot be saved is held here. */
async function saveOrHold(owner: LocalOwner, conversation: TChatConversation, drafts: Draft[]) {
  const out: TChatMessage[] = [];
  for (const [i, draft] of drafts.entries()) {
    try {
      out.push(await addMessage(conversation.id, { ...draft, metadata: draft.metadata ?? undefined }));
    } catch (err) {
      console.warn('Tallie: saving the messages failed; they are kept on this device', err);
      return [...out, ...holdMessages(owner, conversation, drafts.slice(i))];
    }
  }
  return out;
}

/** Shows the new messages at once; a fetch of this conversation started before they existed must not hide them. */
async function showAnswer(queryClient: QueryClient, id: number, saved: (TChatMessage | undefined)[]) {
  const key = queryKeys.chat.messages(id);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<TChatMessage[]>(key, (old = []) => {
    const known = new Set(old.map((m) => m.id));
    return [...old, ...saved.filter((m): m is TChatMessage => m !== undefined && !known.has(m.id))];
  });
}

/**
 * Sending a message (spec: chat failure rules). A conversation is created on the first message; if that fails
 * (or there is no session any more) it is kept only on this device and the answer is held here. If the reply
 * fails, the sorry message is saved with the question, or held here if saving fails too.
 * Resolves with the conversation the message went to.
 */
export function useSend(owner: LocalOwner) {
  const queryClient = useQueryClient();
  return async (req: SendRequest): Promise<TChatConversation> => {
    const user: Draft = {
      sender: 'user',
      content: req.question,
      metadata: req.image ? { has_image: true } : null,
      navigation: null,
    };
    let conversation = req.conversation;
    if (!conversation) {
      try {
        conversation = await createConversation(req.title);
      } catch (err) {
        console.warn('Tallie: creating the conversation failed; it is kept on this device', err);
        conversation = createLocalConversation(owner, req.title);
      }
    }
    const isLocal = conversation.id < 0;
    const ask = () =>
      askTallie({
        messages: [...req.history.slice(-20), { role: 'user', content: req.question }],
        ...(isLocal ? {} : { conversation_id: conversation.id }),
        ...(req.image ? { image: req.image } : {}),
      });
    let shown: (TChatMessage | undefined)[];
    try {
      const answer = await ask();
      shown = isLocal
        ? holdMessages(owner, conversation, [
            user,
            {
              sender: 'assistant',
              content: answer.response,
              metadata: answer.suggestions?.length ? { suggestions: answer.suggestions } : null,
              navigation: answer.navigation ?? null,
            },
          ])
        : [answer.user_message, answer.assistant_message];
    } catch (err) {
      console.warn('Tallie: the reply failed', err);
      const drafts = req.question ? [user, sorry()] : [sorry()];
      shown = isLocal
        ? holdMessages(owner, conversation, drafts)
        : await saveOrHold(owner, conversation, drafts);
    }
    await showAnswer(queryClient, conversation.id, shown);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages(conversation.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
    ]);
    return conversation;
  };
}
