import { HelpPanel, type HelpSection, type useHelp } from '@/components/ui/help-panel';

const SECTIONS: HelpSection[] = [
  {
    title: 'Building your layout',
    items: [
      'Add a top-level location for each store or warehouse, then nest rooms, aisles, shelves and bins inside.',
      'Use the + on a row to add a sub-location directly under it.',
      'Edit a location to rename it or move it under another parent; everything under it moves along.',
    ],
  },
  {
    title: 'Products and imports',
    items: [
      'Pick a location when you add or edit a product; the Products column counts what is stored directly there.',
      'A CSV import matches locations by name or by path ("Main Store > Backroom") and creates the ones that are new.',
    ],
  },
  {
    title: 'Deleting',
    items: [
      'A location with sub-locations cannot be deleted: move or delete them first.',
      "Products at a deleted location are kept; their location shows 'Not set' until you choose another.",
    ],
  },
];

export function LocationsHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="Organising locations"
      intro="Locations tell your team where stock lives, and let audits be run place by place."
      sections={SECTIONS}
    />
  );
}
