import type { CountSession, CountView, LastReadView } from '../lib/count-session';
import { QuantityDialog } from './number-pad';
import { PackageDialog } from './package-dialog';

/**
 * The Count screen's dialogs for quantities: the pad for a row of the live list (`row`), or for the scan waiting in
 * "Scan, then enter quantity" (the view's prompt), or the package dialog for a package scanned in that mode. A row
 * comes first: while its pad is open no scan reaches the capture field.
 */
export function ScanDialogs({
  session,
  view,
  isBlind,
  row,
  onRowDone,
  onClosed,
}: {
  session: CountSession;
  view: CountView;
  isBlind: boolean;
  row: LastReadView | null;
  onRowDone: () => void;
  /** Any of them closed, answered or not. */
  onClosed: () => void;
}) {
  const prompt = view.prompt;
  return (
    <>
      <QuantityDialog
        isOpen={row !== null || prompt?.kind === 'quantity'}
        key={row ? `row-${row.id}` : `prompt-${prompt?.id}`}
        title={row?.title ?? prompt?.title ?? ''}
        detail={row?.detail ?? prompt?.detail ?? ''}
        onSubmit={(n) => {
          if (row) {
            session.enterQuantity(row.id, n);
            onRowDone();
          } else session.answerPrompt(n);
          onClosed();
        }}
        onCancel={() => {
          if (row) onRowDone();
          else session.dismissPrompt();
          onClosed();
        }}
      />
      {prompt?.kind === 'package' && !row && (
        <PackageDialog
          key={prompt.id}
          prompt={prompt}
          isBlind={isBlind}
          onAnswer={(n) => {
            session.answerPrompt(n);
            onClosed();
          }}
          onCancel={() => {
            session.dismissPrompt();
            onClosed();
          }}
        />
      )}
    </>
  );
}
