import { CHAT_TIPS, chatTitle, suggestionsOf, type TChatConversation } from '@quantics/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { HelpPanel, HelpToggle, useHelp } from '@/components/ui/help-panel';
import { CHAT_TEXTS } from '@/features/tallie/tallie-texts';
import { usePageTitle } from '@/lib/page-title';
import {
  useClearConversations,
  useConversations,
  useDeleteConversation,
  useMessages,
} from '../api/conversations';
import { type Attachment, ChatComposer } from '../components/chat-composer';
import { ChatHistory } from '../components/chat-history';
import { ChatWelcome } from '../components/chat-welcome';
import { MessageBubble, type ShownMessage, TypingIndicator } from '../components/message-bubble';
import { useSend } from '../use-send';

const now = () => new Date().toISOString();

export function TalliePage() {
  usePageTitle(CHAT_TEXTS.pageTitle);
  const help = useHelp();
  const { user } = useAuth();
  // The page is behind sign-in; the local history belongs to this person in this company.
  const userId = user?.id ?? 0;
  const companyId = user?.company_id ?? 0;
  const owner = useMemo(() => ({ userId, companyId }), [userId, companyId]);
  const conversations = useConversations(owner);
  const list = conversations.data?.items ?? [];
  const [activeId, setActiveId] = useState<number | null>(null);
  const saved = useMessages(owner, activeId);
  const sendMessage = useSend(owner);
  const [pending, setPending] = useState<ShownMessage[]>([]);
  const [text, setText] = useState('');
  const [image, setImage] = useState<Attachment | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [deleting, setDeleting] = useState<TChatConversation | null>(null);
  const [isClearing, setIsClearing] = useState(false);
  const remove = useDeleteConversation(owner);
  const clear = useClearConversations(owner);
  const endRef = useRef<HTMLDivElement>(null);

  const shown: ShownMessage[] = [
    ...(activeId === null ? [] : (saved.data ?? [])).map((m) => ({
      ...m,
      key: `m${m.id}`,
      suggestions: suggestionsOf(m),
    })),
    ...pending,
  ];
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the list or the busy state changes
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length, isBusy]);

  const startNew = (preset = '') => {
    setActiveId(null);
    setPending([]);
    setImage(null);
    setText(preset);
  };

  /** Sends the input (with its picture), or a suggested question as it is: the input is left as typed. */
  const send = async (suggested?: string) => {
    const question = (suggested ?? text).trim();
    const attached = suggested === undefined ? image : null;
    if (isBusy || (!question && !attached)) return;
    setIsBusy(true);
    if (suggested === undefined) {
      setText('');
      setImage(null);
    }
    setPending([
      {
        key: 'pending-user',
        sender: 'user',
        content: question,
        created_at: now(),
        imageUrl: attached?.dataUrl,
      },
    ]);
    try {
      const conversation = await sendMessage({
        conversation: activeId === null ? null : (list.find((c) => c.id === activeId) ?? null),
        title: chatTitle(question || attached?.name || 'Image'),
        question,
        image: attached?.dataUrl ?? null,
        history: (activeId === null ? [] : (saved.data ?? [])).map((m) => ({
          role: m.sender,
          content: m.content,
        })),
      });
      setActiveId(conversation.id);
    } finally {
      setPending([]);
      setIsBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={CHAT_TEXTS.pageTitle}
        description="Your assistant for inventory, readers and audits, answering from your company's own data."
        actions={<HelpToggle help={help} />}
      />
      <HelpPanel
        help={help}
        title="Tips for chatting with Tallie"
        sections={[{ title: 'What you can ask', items: [...CHAT_TIPS] }]}
      />
      <Card className="grid overflow-hidden lg:h-[calc(100vh-13rem)] lg:min-h-[520px] lg:grid-cols-[320px_1fr]">
        <ChatHistory
          conversations={list}
          isFromDevice={conversations.data?.isFromDevice ?? false}
          isLoading={conversations.isPending}
          activeId={activeId}
          onSelect={(id) => {
            setActiveId(id);
            setPending([]);
          }}
          onNew={() => startNew()}
          onDelete={setDeleting}
          onClearAll={() => setIsClearing(true)}
        />
        <section
          className="flex h-[calc(100dvh-8rem)] min-h-[420px] flex-col border-t border-slate-200 lg:h-auto lg:min-h-0 lg:border-t-0 dark:border-slate-800"
          aria-label="Chat"
        >
          <div className="flex-1 overflow-y-auto bg-slate-50/60 px-3 py-4 sm:px-6 dark:bg-slate-950/40">
            {shown.length === 0 && !isBusy ? (
              <ChatWelcome onStarter={(q) => startNew(q)} />
            ) : (
              <div className="mx-auto flex max-w-3xl flex-col gap-4">
                {shown.map((m, i) => (
                  <MessageBubble
                    key={m.key}
                    message={m}
                    onSuggestion={i === shown.length - 1 && !isBusy ? (q) => void send(q) : undefined}
                  />
                ))}
                {isBusy && <TypingIndicator />}
                <div ref={endRef} />
              </div>
            )}
          </div>
          <ChatComposer
            text={text}
            onTextChange={setText}
            image={image}
            onImageChange={setImage}
            onSend={() => void send()}
            isBusy={isBusy}
          />
        </section>
      </Card>
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete conversation"
        description={CHAT_TEXTS.deleteQuestion}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          await remove
            .mutateAsync(deleting.id)
            .catch((err) => console.warn('Tallie: deleting the conversation failed', err));
          if (deleting.id === activeId) startNew();
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        isOpen={isClearing}
        onOpenChange={setIsClearing}
        title="Clear chat history"
        description={CHAT_TEXTS.clearAllQuestion}
        confirmLabel="Clear all"
        isPending={clear.isPending}
        onConfirm={async () => {
          await clear.mutateAsync().catch((err) => console.warn('Tallie: clearing the history failed', err));
          startNew();
          setIsClearing(false);
        }}
      />
    </>
  );
}
