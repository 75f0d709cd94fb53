import type { LucideIcon } from 'lucide-react';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A table row's or card's icon buttons, right-aligned on one line. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1 whitespace-nowrap">{children}</div>;
}

/** One icon button of a row: `label` names what it acts on for screen readers, `title` is the tooltip. */
export function RowAction({
  icon: Icon,
  label,
  title,
  onClick,
  danger = false,
}: {
  icon: LucideIcon;
  label: string;
  title: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Button
      variant={danger ? 'danger-ghost' : 'ghost'}
      size="sm"
      className="px-2"
      onClick={onClick}
      aria-label={label}
      title={title}
    >
      <Icon className="size-4" aria-hidden />
    </Button>
  );
}

/** Edit and Delete for the row of something called `name`. */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <RowAction icon={Pencil} label={`Edit ${name}`} title="Edit" onClick={onEdit} />
      <RowAction icon={Trash2} label={`Delete ${name}`} title="Delete" onClick={onDelete} danger />
    </>
  );
}
