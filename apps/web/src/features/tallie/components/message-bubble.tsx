import { navigationTarget, type TChatMessage, withoutNavigation } from '@quantics/contracts';
import { ArrowRight, Bot, MessageCircleQuestion, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ReplyMarkdown } from './reply-markdown';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export type ShownMessage = Pick<TChatMessage, 'sender' | 'content' | 'created_at' | 'navigation'> & {
  key: string;
  imageUrl?: string;
  /** Questions offered as buttons under the reply. */
  suggestions?: string[];
};

type Props = {
  message: ShownMessage;
  /** Asks a suggested question; without it (an older reply, or while busy) no suggestions are shown. */
  onSuggestion?: (question: string) => void;
};

/**
 * A user or assistant bubble with its time; a reply naming a page gets a 'Go to X' button, and a reply offering
 * questions (Tallie unsure what was asked) a button for each.
 */
export function MessageBubble({ message, onSuggestion }: Props) {
  const navigate = useNavigate();
  const isUser = message.sender === 'user';
  const target = isUser ? null : navigationTarget(message.content);
  const text = target ? withoutNavigation(message.content) : message.content;
  const Icon = isUser ? User : Bot;
  return (
    <div className={cn('flex gap-3', isUser && 'flex-row-reverse')} data-testid={`message-${message.sender}`}>
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full',
          isUser
            ? 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'
            : 'bg-brand-100 text-brand-700 dark:bg-brand-500/20 dark:text-brand-300',
        )}
        aria-hidden
      >
        <Icon className="size-4" />
      </span>
      <div className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', isUser && 'items-end')}>
        <div
          className={cn(
            'rounded-2xl px-4 py-3 text-sm leading-relaxed',
            isUser
              ? 'rounded-tr-sm bg-brand-600 text-white'
              : 'rounded-tl-sm border border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
          )}
        >
          {message.imageUrl && (
            <img src={message.imageUrl} alt="Attached" className="mb-2 max-h-48 rounded-lg object-contain" />
          )}
          {isUser ? <p className="whitespace-pre-wrap break-words">{text}</p> : <ReplyMarkdown text={text} />}
          {target && message.navigation && (
            <Button size="sm" className="mt-3" onClick={() => navigate(message.navigation ?? '/')}>
              Go to {target}
              <ArrowRight className="size-4" aria-hidden />
            </Button>
          )}
        </div>
        {!isUser && onSuggestion && message.suggestions?.length ? (
          <ul className="flex flex-wrap gap-2 pt-1" aria-label="Suggested questions">
            {message.suggestions.map((q) => (
              <li key={q}>
                <button
                  type="button"
                  onClick={() => onSuggestion(q)}
                  className="flex items-center gap-1.5 rounded-full border border-brand-200 bg-white px-3 py-1.5 text-left text-sm font-medium text-brand-700 shadow-sm transition-colors hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus dark:border-brand-500/40 dark:bg-slate-900 dark:text-brand-300 dark:hover:bg-slate-800"
                >
                  <MessageCircleQuestion className="size-4 shrink-0" aria-hidden />
                  {q}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <span className="px-1 text-xs text-slate-500 dark:text-slate-400">{time(message.created_at)}</span>
      </div>
    </div>
  );
}

export function TypingIndicator() {
  return (
    <div className="flex gap-3" role="status" aria-label="Tallie is typing">
      <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-500/20 dark:text-brand-300">
        <Bot className="size-4" aria-hidden />
      </span>
      <div className="flex items-center gap-1 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3 dark:border-slate-700 dark:bg-slate-800">
        {[0, 150, 300].map((d) => (
          <span
            key={d}
            className="size-2 animate-bounce rounded-full bg-slate-400"
            style={{ animationDelay: `${d}ms` }}
          />
        ))}
      </div>
    </div>
  );
}
