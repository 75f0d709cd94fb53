import { CSV_COLUMNS, gtinCheckDigit } from '@quantics/contracts';
import { toCsv } from '../lib/csv.ts';
import { LEAF_PATHS, random, SITES, STORE_AREAS, WAREHOUSE_AREAS } from './demo-data.ts';

/**
 * The demo's catalogue: a chain's products, each one SKU however many stores carry it, with its stock in each
 * store's places (a shelf on the sales floor, often a rack in the backroom too) and, for some, a bay in the warehouse.
 * A few sit in one place only. Pure and deterministic (a seeded generator): every `--reset` builds the same one.
 */

type Category = {
  code: string;
  name: string;
  items: string[];
  /** Unit cost range in dollars. */
  cost: [number, number];
  vendors: string[];
  variants: string[];
  /** Appended to the variant: clothing sizes, pack sizes, or nothing (one size). */
  sizes: string[];
  expires: boolean;
};

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
const COLOURS = ['Black', 'Navy', 'Olive', 'Slate', 'Rust', 'Sand', 'Forest', 'Charcoal', 'Sky', 'Plum'];
const SIZES = [' XS', ' S', ' M', ' L', ' XL', ' One Size'];
const PACKS = ['', ' Travel Size', ' Value Pack', ' Twin Pack'];
const FLAVOURS =
  'Original|Peanut Butter|Dark Chocolate|Wild Berry|Lemon|Maple|Chili Lime|Vanilla|Coconut|Honey';
const FORMULAS = 'Original|Unscented|Sport|Sensitive|Citrus|Mint|Aloe|Lavender|Eucalyptus|Kids';

/** Code, category, items, unit cost range, vendors, variants and sizes (by name: one size when none). */
const CATEGORY_TABLE: [string, string, string, number, number, string[], string, string[]][] = [
  [
    'AP',
    'Apparel',
    'Merino Crew|Rain Shell|Fleece Hoodie|Flannel Shirt|Down Vest|Trail Pants|Base Layer',
    14,
    120,
    VENDORS,
    '',
    SIZES,
  ],
  [
    'FW',
    'Footwear',
    'Trail Runner|Hiking Boot|Camp Sandal|Wool Sock 3-Pack|Approach Shoe|Winter Boot',
    8,
    140,
    VENDORS,
    '',
    SIZES,
  ],
  [
    'CP',
    'Camping',
    '2P Tent|Sleeping Bag 20F|Sleeping Pad|Camp Stove|Headlamp|Water Filter|Camp Chair',
    12,
    260,
    VENDORS,
    '',
    [''],
  ],
  [
    'PK',
    'Packs & Bags',
    'Daypack 22L|Backpack 55L|Duffel 40L|Hip Pack|Dry Bag 10L|Tote',
    10,
    160,
    VENDORS,
    '',
    [''],
  ],
  [
    'CL',
    'Climbing',
    'Chalk Bag|Harness|Locking Carabiner|Belay Device|Climbing Shoe|Rope 60m',
    6,
    190,
    VENDORS,
    '',
    SIZES,
  ],
  [
    'AC',
    'Accessories',
    'Beanie|Sun Hat|Gloves|Sunglasses|Neck Gaiter|Trekking Poles|Insulated Bottle',
    5,
    70,
    VENDORS,
    '',
    SIZES,
  ],
  [
    'FD',
    'Trail Food',
    'Energy Bar 12-Pack|Freeze-Dried Chili|Trail Mix|Electrolyte Tabs|Oat Breakfast',
    3,
    18,
    ['Meridian Foods', 'Trailhead Co.'],
    FLAVOURS,
    PACKS,
  ],
  [
    'CR',
    'Personal Care',
    'Sunscreen SPF 50|Insect Repellent|Lip Balm|Blister Kit|First Aid Kit|Hand Warmers',
    2,
    30,
    VENDORS,
    FORMULAS,
    PACKS,
  ],
];
const CATEGORIES: Category[] = CATEGORY_TABLE.map(
  ([code, name, items, min, max, vendors, variants, sizes]) => ({
    code,
    name,
    items: items.split('|'),
    cost: [min, max],
    vendors,
    variants: variants ? variants.split('|') : COLOURS,
    sizes,
    expires: code === 'FD' || code === 'CR',
  }),
);

/** One place of a product's stock: a location path and the units there. */
export type DemoPlace = { location: string; quantity: number };

export type DemoProduct = {
  name: string;
  sku: string;
  description: string;
  category: string;
  vendor: string;
  unit_cost: string;
  retail_price: string;
  min_stock_level: number;
  expiration_date: string;
  /** The barcode's GTIN-13 on six products in seven (empty on the rest); their RFID tags are made from their SKUs. */
  gtin: string;
  epc: string;
  /** Where it is kept: one row per place, the first its home. */
  places: DemoPlace[];
};

export const totalOf = (p: DemoProduct) => p.places.reduce((n, s) => n + s.quantity, 0);

const STORES = SITES.filter((s) => s.name !== 'Central Warehouse').map((s) => s.name);
const FLOOR = STORE_AREAS.filter((a) => a.startsWith('Sales Floor'));
const BACKROOM = STORE_AREAS.filter((a) => a.startsWith('Backroom'));

const day = (from: Date, days: number) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The `j`th name of a category, each (vendor, item, variant, size) once: `j` steps through every combination in a
 * scattered order (a stride prime to their number), so names never repeat; past the last, a v2 of each, and so on.
 */
function nameOf(cat: Category, j: number): { name: string; item: string; vendor: string } {
  const radix = [cat.sizes.length, cat.variants.length, cat.items.length, cat.vendors.length];
  const total = radix.reduce((a, b) => a * b, 1);
  const stride = [7919, 7907, 7901, 7883].find((p) => gcd(p, total) === 1) as number;
  let k = (j * stride + cat.code.charCodeAt(0)) % total;
  const digit = radix.map((r) => {
    const d = k % r;
    k = Math.floor(k / r);
    return d;
  });
  const [size, variant, item, vendor] = digit as [number, number, number, number];
  const brand = (cat.vendors[vendor] as string).replace(/ (Co\.|& Co\.|Supply|Works|Foods)$/, '');
  const round = Math.floor(j / total);
  const itemName = cat.items[item] as string;
  return {
    name: `${brand} ${itemName} - ${cat.variants[variant]}${cat.sizes[size]}${round > 0 ? ` v${round + 1}` : ''}`,
    item: itemName,
    vendor: cat.vendors[vendor] as string,
  };
}

/**
 * Where product `i` is kept, its `total` units shared out: one shelf in 15% of cases (any store's, or a warehouse
 * bay); else the chain's item, on the same aisle in each of one to three stores, half the time with a backroom rack
 * beside it, and a third of the time with a bay in the warehouse. A place may hold none (carried there, sold out).
 */
function placesOf(i: number, total: number, r: ReturnType<typeof random>): DemoPlace[] {
  const spots: { location: string; weight: number }[] = [];
  if (r.next() < 0.15) {
    spots.push({ location: LEAF_PATHS[i % LEAF_PATHS.length] as string, weight: 1 });
  } else {
    const roll = r.next();
    const stores = roll < 0.55 ? 3 : roll < 0.85 ? 2 : 1;
    for (let s = 0; s < stores; s++) {
      const store = STORES[(i + s) % STORES.length] as string;
      spots.push({ location: `${store} > ${FLOOR[i % FLOOR.length]}`, weight: 3 });
      if (r.next() < 0.5)
        spots.push({ location: `${store} > ${BACKROOM[(i >> 2) % BACKROOM.length]}`, weight: 2 });
    }
    if (r.next() < 0.35)
      spots.push({
        location: `Central Warehouse > ${WAREHOUSE_AREAS[i % WAREHOUSE_AREAS.length]}`,
        weight: 4,
      });
  }
  // Shares by weight, rounded down; what rounding leaves goes to the first places (the home first).
  const weights = spots.reduce((n, s) => n + s.weight, 0);
  const places = spots.map((s) => ({
    location: s.location,
    quantity: Math.floor((total * s.weight) / weights),
  }));
  let left = total - places.reduce((n, p) => n + p.quantity, 0);
  for (let k = 0; left > 0; k = (k + 1) % places.length, left--) (places[k] as DemoPlace).quantity += 1;
  return places;
}

/** Product `i`'s GTIN-13 (a made-up company prefix 0860001, the item's number, the check digit), or none for one in seven. */
export function gtinOf(i: number): string {
  if (i % 7 === 3) return '';
  const body = `0860001${String(i).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/**
 * `count` products spread over the categories and vendors, each with its places. About 6% are out of stock and 10%
 * at or under their minimum (over all their places); in the two perishable categories some expire within the month.
 * SKUs are two letters and six digits (8 characters), so their padded RFID tags never collide.
 */
export function demoCatalogue(count: number, today = new Date()): DemoProduct[] {
  const r = random(20_261_123);
  const products: DemoProduct[] = [];
  for (let i = 0; i < count; i++) {
    const cat = CATEGORIES[i % CATEGORIES.length] as Category;
    const { name, item, vendor } = nameOf(cat, Math.floor(i / CATEGORIES.length));
    const cost = r.int(cat.cost[0] * 100, cat.cost[1] * 100);
    const min = r.int(4, 12);
    const roll = r.next();
    const total = roll < 0.06 ? 0 : roll < 0.16 ? r.int(1, min) : r.int(min + 1, min + 36);
    let expiration = '';
    if (cat.expires) {
      const soon = r.next();
      expiration = day(today, soon < 0.15 ? r.int(1, 29) : r.int(45, 540));
    }
    products.push({
      name,
      sku: `${cat.code}${String(100_001 + i).padStart(6, '0')}`,
      description: `${item} from ${vendor}`,
      category: cat.name,
      vendor,
      unit_cost: (cost / 100).toFixed(2),
      retail_price: ((cost * (1.8 + r.next() * 0.6)) / 100).toFixed(2),
      min_stock_level: min,
      expiration_date: expiration,
      gtin: gtinOf(i),
      epc: '',
      places: placesOf(i, total, r),
    });
  }
  return products;
}

/**
 * The catalogue as the CSV file a person would upload (the template's columns): one line per SKU and place, the
 * product's fields the same on each of its lines, its home first.
 */
export function catalogueCsv(products: DemoProduct[]): string {
  const lines = products.flatMap((p) =>
    p.places.map((place) => {
      const line = { ...p, location: place.location, quantity: place.quantity };
      return CSV_COLUMNS.map((c) => line[c]);
    }),
  );
  return toCsv([[...CSV_COLUMNS], ...lines]);
}
