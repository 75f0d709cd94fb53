import { COMMENTS_MAX, type TAudit } from '@quantics/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUpdateComments } from './audit-api';
import { AUDIT_TEXTS } from './audit-texts';

/** What the dialog needs of an audit: the audits page passes a whole audit, the dashboard a recent-audits row. */
type Commented = Pick<TAudit, 'id' | 'name' | 'comments'>;

/** Opens with the audit's comments; saving updates the list and closes. */
export function CommentsDialog({ audit, onClose }: { audit: Commented | null; onClose: () => void }) {
  return (
    <Dialog isOpen={audit !== null} onOpenChange={(o) => !o && onClose()} title={AUDIT_TEXTS.editComments}>
      {audit && <CommentsForm key={audit.id} audit={audit} onClose={onClose} />}
    </Dialog>
  );
}

function CommentsForm({ audit, onClose }: { audit: Commented; onClose: () => void }) {
  const [text, setText] = useState(audit.comments ?? '');
  const save = useUpdateComments();
  const submit = async () => {
    try {
      await save.mutateAsync({ id: audit.id, comments: text });
      notify.success(AUDIT_TEXTS.commentsUpdated);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, AUDIT_TEXTS.commentsFailed));
    }
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{audit.name}</p>
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={COMMENTS_MAX}
        rows={5}
        aria-label="Comments"
        placeholder="What happened during this count, follow-ups, recounts..."
        autoFocus
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={submit} isLoading={save.isPending}>
          {AUDIT_TEXTS.saveComments}
        </Button>
      </div>
    </div>
  );
}
