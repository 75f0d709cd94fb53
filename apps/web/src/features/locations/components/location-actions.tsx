import type { TLocation } from '@quantics/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type LocationHandlers = {
  onAddChild: (parent: TLocation) => void;
  onEdit: (location: TLocation) => void;
  onDelete: (location: TLocation) => void;
};

export function LocationActions({ location, handlers }: { location: TLocation; handlers: LocationHandlers }) {
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={() => handlers.onAddChild(location)}
        aria-label={`Add a sub-location to ${location.name}`}
        title="Add sub-location"
      >
        <Plus className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={() => handlers.onEdit(location)}
        aria-label={`Edit ${location.name}`}
        title="Edit"
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="danger-ghost"
        size="sm"
        className="px-2"
        onClick={() => handlers.onDelete(location)}
        aria-label={`Delete ${location.name}`}
        title="Delete"
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
