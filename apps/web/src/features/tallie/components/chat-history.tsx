import type { TChatConversation } from '@quantics/contracts';
import { MessageSquare, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CHAT_TEXTS } from '@/features/tallie/tallie-texts';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

/** The left panel: one's conversations (title, last-updated date), New chat, Clear all and per-item delete. */
export function ChatHistory({
  conversations,
  isFromDevice,
  isLoading,
  activeId,
  onSelect,
  onNew,
  onDelete,
  onClearAll,
}: {
  conversations: TChatConversation[];
  /** Loading from the server failed: the list is the one kept on this device. */
  isFromDevice: boolean;
  isLoading: boolean;
  activeId: number | null;
  onSelect: (id: number) => void;
  onNew: () => void;
  onDelete: (c: TChatConversation) => void;
  onClearAll: () => void;
}) {
  return (
    <aside
      className="flex min-h-0 flex-col border-slate-200 lg:border-r dark:border-slate-800"
      aria-label="Chat History"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="whitespace-nowrap text-sm font-semibold text-slate-900 dark:text-slate-100">
          {CHAT_TEXTS.history}
        </h2>
        <div className="flex shrink-0 gap-1 whitespace-nowrap">
          <Button size="sm" variant="ghost" onClick={onNew}>
            <Plus className="size-4" aria-hidden />
            {CHAT_TEXTS.newChat}
          </Button>
          {conversations.length > 0 && (
            <Button size="sm" variant="danger-ghost" onClick={onClearAll}>
              {CHAT_TEXTS.clearAll}
            </Button>
          )}
        </div>
      </div>
      {isFromDevice && (
        <p
          role="status"
          className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
        >
          Could not reach the server: showing the history kept on this device.
        </p>
      )}
      <div className="max-h-56 min-h-0 flex-1 overflow-y-auto p-2 lg:max-h-none">
        {isLoading ? (
          <Spinner label="Loading conversations" />
        ) : conversations.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            {CHAT_TEXTS.noHistory}
          </p>
        ) : (
          <ul className="space-y-1">
            {conversations.map((c) => (
              <li key={c.id} className="group relative">
                <button
                  type="button"
                  onClick={() => onSelect(c.id)}
                  className={cn(
                    'flex w-full items-start gap-2 rounded-lg px-3 py-2 pr-9 text-left hover:bg-slate-100 dark:hover:bg-slate-800',
                    c.id === activeId && 'bg-brand-50 dark:bg-brand-500/10',
                  )}
                >
                  <MessageSquare className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-800 dark:text-slate-200">
                      {c.title}
                    </span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {formatDate(c.updated_at)}
                      {c.id < 0 && ' · on this device only'}
                    </span>
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(c)}
                  aria-label={`Delete ${c.title}`}
                  className="absolute top-2 right-2 rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-500/10"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
