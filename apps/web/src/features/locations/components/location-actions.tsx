import type { TLocation } from '@quantics/contracts';
import { Plus } from 'lucide-react';
import { EditDeleteActions, RowAction, RowActions } from '@/components/ui/row-actions';

export type LocationHandlers = {
  onAddChild: (parent: TLocation) => void;
  onEdit: (location: TLocation) => void;
  onDelete: (location: TLocation) => void;
};

export function LocationActions({ location, handlers }: { location: TLocation; handlers: LocationHandlers }) {
  return (
    <RowActions>
      <RowAction
        icon={Plus}
        label={`Add a sub-location to ${location.name}`}
        title="Add sub-location"
        onClick={() => handlers.onAddChild(location)}
      />
      <EditDeleteActions
        name={location.name}
        onEdit={() => handlers.onEdit(location)}
        onDelete={() => handlers.onDelete(location)}
      />
    </RowActions>
  );
}
