import { ImagePlus, Send, X } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { CHAT_TEXTS } from '@/features/tallie/tallie-texts';

export type Attachment = { dataUrl: string; name: string };

/** The textarea (Enter sends, Shift+Enter breaks the line), an image with a removable preview, and Send. */
export function ChatComposer({
  text,
  onTextChange,
  image,
  onImageChange,
  onSend,
  isBusy,
}: {
  text: string;
  onTextChange: (text: string) => void;
  image: Attachment | null;
  onImageChange: (image: Attachment | null) => void;
  onSend: () => void;
  isBusy: boolean;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const canSend = !isBusy && (text.trim() !== '' || image !== null);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (canSend) onSend();
    }
  };
  const pick = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onImageChange({ dataUrl: String(reader.result), name: file.name });
    reader.readAsDataURL(file);
  };
  return (
    <div className="border-t border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900">
      {image && (
        <div className="relative mb-3 inline-block">
          <img
            src={image.dataUrl}
            alt={`Preview of ${image.name}`}
            className="h-20 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
          />
          <button
            type="button"
            onClick={() => onImageChange(null)}
            aria-label="Remove image"
            className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-700"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="hidden"
          data-testid="image-input"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          aria-label="Attach an image"
          onClick={() => fileRef.current?.click()}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-600 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <ImagePlus className="size-5" aria-hidden />
        </button>
        <textarea
          value={text}
          onChange={(e) => onTextChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={CHAT_TEXTS.placeholder}
          rows={1}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-focus focus:outline-none focus:ring-1 focus:ring-focus dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
        <Button className="h-11 shrink-0" onClick={onSend} disabled={!canSend} aria-label="Send">
          <Send className="size-4" aria-hidden />
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
    </div>
  );
}
