import { SKU_MAX } from '@quantics/contracts';
import { HelpPanel, type HelpSection, type useHelp } from '@/components/ui/help-panel';

const SECTIONS: HelpSection[] = [
  {
    title: 'Products',
    items: [
      `Every product needs a name and a SKU: 1 to ${SKU_MAX} letters and digits, unique in your company.`,
      'The RFID tag is made from the SKU, padded with zeros to 12 characters; changing the SKU changes the tag.',
      'Status follows the quantity: 0 is Out of Stock, at or below the minimum stock level is Low Stock.',
      'A product can be kept in several places (a sales floor and a back room, each store): "Add another place" in its dialog. Its quantity is then the total, and the list opens to each place; "home" marks where new stock goes.',
    ],
  },
  {
    title: 'Finding stock',
    items: [
      'Search matches part of a name, a SKU or the start of one, and an RFID tag.',
      'Filter by status to see what needs reordering; the cards above always count the whole catalogue.',
      'Filter by location to see what is kept there (its sub-locations included), with the units there under each total.',
      'Export CSV downloads what the list shows now, in the template’s columns.',
    ],
  },
  {
    title: 'CSV import',
    items: [
      'Download the template, fill one row per product and upload it. Rows are matched by SKU: existing products are updated, new ones created.',
      'A location is matched by name (or a path like "Main Store > Backroom") and created when new.',
      'Bad rows are listed with their row number; the good rows are saved. Tick "Validate only" to check a file without saving anything.',
    ],
  },
];

export function InventoryHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="Working with your inventory"
      intro="Your catalogue of products, their RFID tags, quantities and locations: what the handheld readers count against."
      sections={SECTIONS}
    />
  );
}
