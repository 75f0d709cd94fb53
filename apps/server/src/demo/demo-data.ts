import { CSV_COLUMNS } from '@quantics/contracts';
import { toCsv } from '../lib/csv.ts';

/**
 * The demo's data, made up but plausible: an outdoor-goods retailer with three stores and a warehouse. Pure and
 * deterministic (a seeded generator), so every `npm run demo -- --reset` builds the same catalogue.
 */

export const DEMO_PASSWORD = 'quantics-demo';

export const COMPANY = 'Harbor & Pine Outfitters';
export const DUTCHIE_COMPANY = 'Greenleaf Wellness';
/** The Dutchie stand-in's key for its Portland store (apps/dutchie-sim/src/state.ts). */
export const DUTCHIE_KEY = 'dsim_greenleaf_5c1f7a9e2b';

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
  { name: 'Portland Store', description: 'Flagship store, 412 NW Couch St' },
  { name: 'Seattle Store', description: 'Capitol Hill store, 1520 Pike St' },
  { name: 'Boise Store', description: 'Downtown store, opened in spring' },
  { name: 'Central Warehouse', description: 'Distribution centre serving all stores' },
] as const;

const STORE_AREAS = [
  'Sales Floor > Aisle 1',
  'Sales Floor > Aisle 2',
  'Sales Floor > Aisle 3',
  'Sales Floor > Front Display',
  'Backroom > Rack A',
  'Backroom > Rack B',
];
const WAREHOUSE_AREAS = ['Zone 1 > Bay 1', 'Zone 1 > Bay 2', 'Zone 2 > Bay 1', 'Receiving'];

/** Every shelf-level place a product can be, as CSV location paths. */
export const LEAF_PATHS: string[] = SITES.flatMap((s) =>
  (s.name === 'Central Warehouse' ? WAREHOUSE_AREAS : STORE_AREAS).map((a) => `${s.name} > ${a}`),
);

type Category = { code: string; name: string; items: string[]; cost: [number, number]; expires?: boolean };

/** Code, category, items, unit cost range in dollars, and whether its products expire. */
const CATEGORY_TABLE: [string, string, string, number, number, boolean][] = [
  [
    'AP',
    'Apparel',
    'Merino Crew|Rain Shell|Fleece Hoodie|Flannel Shirt|Down Vest|Trail Pants|Base Layer',
    14,
    120,
    false,
  ],
  [
    'FW',
    'Footwear',
    'Trail Runner|Hiking Boot|Camp Sandal|Wool Sock 3-Pack|Approach Shoe|Winter Boot',
    8,
    140,
    false,
  ],
  [
    'CP',
    'Camping',
    '2P Tent|Sleeping Bag 20F|Sleeping Pad|Camp Stove|Headlamp|Water Filter|Camp Chair',
    12,
    260,
    false,
  ],
  ['PK', 'Packs & Bags', 'Daypack 22L|Backpack 55L|Duffel 40L|Hip Pack|Dry Bag 10L|Tote', 10, 160, false],
  [
    'CL',
    'Climbing',
    'Chalk Bag|Harness|Locking Carabiner|Belay Device|Climbing Shoe|Rope 60m',
    6,
    190,
    false,
  ],
  [
    'AC',
    'Accessories',
    'Beanie|Sun Hat|Gloves|Sunglasses|Neck Gaiter|Trekking Poles|Insulated Bottle',
    5,
    70,
    false,
  ],
  [
    'FD',
    'Trail Food',
    'Energy Bar 12-Pack|Freeze-Dried Chili|Trail Mix|Electrolyte Tabs|Oat Breakfast',
    3,
    18,
    true,
  ],
  [
    'CR',
    'Personal Care',
    'Sunscreen SPF 50|Insect Repellent|Lip Balm|Blister Kit|First Aid Kit|Hand Warmers',
    2,
    30,
    true,
  ],
];
const CATEGORIES: Category[] = CATEGORY_TABLE.map(([code, name, items, min, max, expires]) => ({
  code,
  name,
  items: items.split('|'),
  cost: [min, max],
  expires,
}));

const VENDORS = [
  'Alpine Works',
  'Cedar & Co.',
  'Northwind Textiles',
  'Summit Gear',
  'Tidewater Supply',
  'Granite Peak',
  'Blue Heron',
  'Redwood Outfitters',
  'Fjell Apparel',
  'Trailhead Co.',
  'Meridian Foods',
  'Copperline',
];
const VARIANTS = ['Black', 'Navy', 'Olive', 'Slate', 'Rust', 'Sand', 'Forest', 'Charcoal', 'Sky', 'Plum'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'One Size'];

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

export type DemoProduct = {
  name: string;
  sku: string;
  description: string;
  category: string;
  vendor: string;
  unit_cost: string;
  retail_price: string;
  quantity: number;
  min_stock_level: number;
  location: string;
  expiration_date: string;
  /** Empty: the demo's products are tagged from their SKUs. */
  gtin: string;
  epc: string;
};

const day = (from: Date, days: number) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `count` products spread over the categories, vendors and every leaf location. About 6% are out of stock and
 * 10% at or under their minimum; in the two perishable categories some expire within the month.
 * SKUs are two letters and six digits (8 characters), so their padded RFID tags never collide.
 */
export function demoCatalogue(count: number, today = new Date()): DemoProduct[] {
  const r = random(20_261_123);
  const products: DemoProduct[] = [];
  for (let i = 0; i < count; i++) {
    const cat = CATEGORIES[i % CATEGORIES.length] as Category;
    const item = r.pick(cat.items);
    const vendor = cat.code === 'FD' ? r.pick(['Meridian Foods', 'Trailhead Co.']) : r.pick(VENDORS);
    const variant = cat.expires
      ? r.pick(['Original', 'Classic', 'Travel Size', 'Value Pack'])
      : r.pick(VARIANTS);
    const size = cat.expires || cat.code === 'CP' || cat.code === 'PK' ? '' : ` ${r.pick(SIZES)}`;
    const cost = r.int(cat.cost[0] * 100, cat.cost[1] * 100);
    const min = r.int(4, 12);
    const roll = r.next();
    const quantity = roll < 0.06 ? 0 : roll < 0.16 ? r.int(1, min) : r.int(min + 1, min + 36);
    let expiration = '';
    if (cat.expires) {
      const soon = r.next();
      expiration = day(today, soon < 0.15 ? r.int(1, 29) : r.int(45, 540));
    }
    products.push({
      name: `${vendor.replace(/ (Co\.|& Co\.|Supply|Works|Foods)$/, '')} ${item} - ${variant}${size}`,
      sku: `${cat.code}${String(100_001 + i).padStart(6, '0')}`,
      description: `${item} from ${vendor}`,
      category: cat.name,
      vendor,
      unit_cost: (cost / 100).toFixed(2),
      retail_price: ((cost * (1.8 + r.next() * 0.6)) / 100).toFixed(2),
      quantity,
      min_stock_level: min,
      location: LEAF_PATHS[i % LEAF_PATHS.length] as string,
      expiration_date: expiration,
      gtin: '',
      epc: '',
    });
  }
  return products;
}

/** The catalogue as the CSV file a person would upload (the template's columns). */
export function catalogueCsv(products: DemoProduct[]): string {
  return toCsv([[...CSV_COLUMNS], ...products.map((p) => CSV_COLUMNS.map((c) => p[c]))]);
}

/** Questions asked of Tallie in the seeded conversations (the built-in assistant answers from the data). */
export const TALLIE_QUESTIONS = [
  ['What is low on stock?', 'Which products expire soon?'],
  ['How did the last audits go?', 'Which readers are offline or low on battery?'],
  ['What is our inventory worth?'],
  ['How do I set up a new RFID reader?'],
];
