/**
 * The demo's data, made up but plausible: an outdoor-goods retailer with three stores and a warehouse (its catalogue
 * is in demo-catalogue.ts). Pure and deterministic (a seeded generator), so every `npm run demo -- --reset` builds the
 * same demo.
 */

export const DEMO_PASSWORD = 'quantics-demo';

export const COMPANY = 'Harbor & Pine Outfitters';
export const DUTCHIE_COMPANY = 'Greenleaf Wellness';
/** The Dutchie stand-in's key for its Portland store (apps/dutchie-sim/src/state.ts). */
export const DUTCHIE_KEY = 'dsim_greenleaf_5c1f7a9e2b';

/**
 * Greenleaf's Metrc connection as the Metrc stand-in knows it (apps/metrc-sim/src/state.ts): Quantics' vendor key (the
 * server's METRC_VENDOR_KEY), the store's user key and its license.
 */
export const METRC = {
  vendorKey: 'msim_vendor_quantics_7e21',
  userKey: 'msim_user_greenleaf_4b8c',
  license: 'C10-0000001-LIC',
} as const;

/** The wholesale manifest on its way to Greenleaf, put in the Metrc stand-in each time the demo starts it. */
export const METRC_MANIFEST = {
  licenseNumber: METRC.license,
  manifestNumber: '0000054001',
  shipperName: 'Evergreen Cultivation, LLC',
  packages: [
    { label: '1A4060300005400000000101', itemName: 'Blue Dream 3.5g', category: 'Buds', quantity: 24 },
    {
      label: '1A4060300005400000000102',
      itemName: 'Sour Diesel 1g Pre-Roll',
      category: 'Pre-Roll',
      quantity: 40,
    },
    { label: '1A4060300005400000000103', itemName: 'Mango Gummies 10pk', category: 'Edibles', quantity: 18 },
    {
      label: '1A4060300005400000000104',
      itemName: 'Shake',
      category: 'Shake/Trim',
      quantity: 448,
      unit: 'Grams',
    },
  ],
} as const;

export type DemoPerson = { email: string; name: string; role: 'admin' | 'operator' | 'member' };

export const PEOPLE = {
  admin: { email: 'alex@harborpine.example', name: 'Alex Morgan', role: 'admin' },
  operator: { email: 'jordan@harborpine.example', name: 'Jordan Lee', role: 'operator' },
  member: { email: 'sam@harborpine.example', name: 'Sam Rivera', role: 'member' },
} as const satisfies Record<string, DemoPerson>;
export const PENDING_INVITE = {
  email: 'casey@harborpine.example',
  name: 'Casey Kim',
  role: 'operator',
} as const;
/** Who registered the Dutchie company, then invited the admin above into it. */
export const DUTCHIE_OWNER = { email: 'morgan@greenleaf.example', name: 'Morgan Blake' } as const;

/** The handheld readers: the first two stay online (the second with a low battery), the third goes offline. */
export const READERS = [
  { serial: 'RFD40-0101', model: 'Zebra RFD40', name: 'Portland Floor Reader', battery: 82, signal: 4 },
  { serial: 'RFD40-0102', model: 'Zebra RFD40', name: 'Seattle Backroom Reader', battery: 14, signal: 3 },
  { serial: 'MC33-0103', model: 'Zebra MC3390R', name: 'Warehouse Handheld', battery: 57, signal: 3 },
] as const;

/** Top-level locations with descriptions; the levels below them come from the catalogue's location paths. */
export const SITES = [
  { name: 'Portland Store', description: 'Flagship store, 412 NW Couch St', kind: 'store' },
  { name: 'Seattle Store', description: 'Capitol Hill store, 1520 Pike St', kind: 'store' },
  { name: 'Boise Store', description: 'Downtown store, opened in spring', kind: 'store' },
  { name: 'Central Warehouse', description: 'Distribution centre serving all stores', kind: 'warehouse' },
] as const;

/** The kinds of the places below the sites, by the last part of their path (issue 52); the rest stay other. */
export const AREA_KINDS: Record<string, 'sales_floor' | 'stockroom' | 'dock'> = {
  'Sales Floor': 'sales_floor',
  Backroom: 'stockroom',
  Receiving: 'dock',
};

/** The places of each store and of the warehouse, below the site. */
export const STORE_AREAS = [
  'Sales Floor > Aisle 1',
  'Sales Floor > Aisle 2',
  'Sales Floor > Aisle 3',
  'Sales Floor > Front Display',
  'Backroom > Rack A',
  'Backroom > Rack B',
];
export const WAREHOUSE_AREAS = ['Zone 1 > Bay 1', 'Zone 1 > Bay 2', 'Zone 2 > Bay 1', 'Receiving'];

/** Every shelf-level place a product can be, as CSV location paths. */
export const LEAF_PATHS: string[] = SITES.flatMap((s) =>
  (s.name === 'Central Warehouse' ? WAREHOUSE_AREAS : STORE_AREAS).map((a) => `${s.name} > ${a}`),
);

/** A delivery entered by hand on the day of the seed, through the add dialog's API (the parkas in two places). */
const DISPLAY = 'Portland Store > Sales Floor > Front Display';
export const ARRIVALS = [
  {
    name: 'Summit Gear Ultralight Tent 1P',
    sku: 'CP900001',
    category: 'Camping',
    places: [{ location: DISPLAY, quantity: 6 }],
  },
  {
    name: 'Fjell Apparel Alpine Parka - Slate M',
    sku: 'AP900002',
    category: 'Apparel',
    places: [
      { location: DISPLAY, quantity: 4 },
      { location: 'Portland Store > Backroom > Rack A', quantity: 8 },
    ],
  },
  {
    name: 'Alpine Trail Runner - Rust 10',
    sku: 'FW900003',
    category: 'Footwear',
    places: [{ location: DISPLAY, quantity: 3 }],
  },
];

/** A small seeded generator (mulberry32), so the demo is the same on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

/** Questions asked of Tallie in the seeded conversations (the built-in assistant answers from the data). */
export const TALLIE_QUESTIONS = [
  ['What is low on stock?', 'Which products expire soon?'],
  ['How did the last audits go?', 'Which readers are offline or low on battery?'],
  ['What is our inventory worth?'],
  ['How do I set up a new RFID reader?'],
];
