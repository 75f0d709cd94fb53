/**
 * The words a dispensary's catalogue is made of. Brands and vendors are invented; strains and formats are the
 * usual ones, so the generated names read like a real store's shelf.
 */

export type CategorySpec = {
  category: string;
  masterCategory: string;
  code: string;
  /** Product name formats; {brand} and {strain} are filled in. */
  formats: string[];
  /** Unit cost range in dollars; price is cost times a markup. */
  cost: [number, number];
  /** Shelf life in days from today, or null when the category carries no date. */
  shelfLifeDays: [number, number] | null;
  /** Usual units in a package. */
  units: [number, number];
  /** How often a package is of this category. */
  weight: number;
};

export const CATEGORIES: CategorySpec[] = [
  {
    category: 'Flower',
    masterCategory: 'Flower',
    code: 'FLW',
    formats: ['{brand} {strain} 3.5g', '{brand} {strain} 7g', '{brand} {strain} 1g', '{brand} {strain} 14g'],
    cost: [9, 60],
    shelfLifeDays: [20, 300],
    units: [8, 120],
    weight: 30,
  },
  {
    category: 'Pre-Rolls',
    masterCategory: 'Pre-Rolls',
    code: 'PRE',
    formats: [
      '{brand} {strain} Pre-Roll 1g',
      '{brand} {strain} Pre-Roll 5-Pack',
      '{brand} {strain} Infused Pre-Roll',
    ],
    cost: [3, 22],
    shelfLifeDays: [20, 240],
    units: [10, 200],
    weight: 20,
  },
  {
    category: 'Vaporizers',
    masterCategory: 'Vaporizers',
    code: 'VAP',
    formats: [
      '{brand} {strain} Cartridge 0.5g',
      '{brand} {strain} Cartridge 1g',
      '{brand} {strain} All-in-One 0.3g',
    ],
    cost: [11, 30],
    shelfLifeDays: [120, 540],
    units: [6, 90],
    weight: 18,
  },
  {
    category: 'Edibles',
    masterCategory: 'Edibles',
    code: 'EDB',
    formats: [
      '{brand} {flavor} Gummies 100mg',
      '{brand} {flavor} Chocolate Bar 100mg',
      '{brand} {flavor} Mints 50mg',
      '{brand} {flavor} Chews 100mg',
    ],
    cost: [6, 14],
    shelfLifeDays: [5, 400],
    units: [12, 150],
    weight: 16,
  },
  {
    category: 'Concentrates',
    masterCategory: 'Concentrates',
    code: 'CON',
    formats: [
      '{brand} {strain} Live Resin 1g',
      '{brand} {strain} Shatter 1g',
      '{brand} {strain} Badder 1g',
      '{brand} {strain} Rosin 1g',
    ],
    cost: [14, 38],
    shelfLifeDays: [60, 420],
    units: [4, 60],
    weight: 10,
  },
  {
    category: 'Tinctures',
    masterCategory: 'Tinctures',
    code: 'TIN',
    formats: ['{brand} {ratio} Tincture 30ml', '{brand} {ratio} Drops 15ml'],
    cost: [12, 32],
    shelfLifeDays: [90, 720],
    units: [4, 40],
    weight: 6,
  },
];

export const STRAINS: [string, 'Indica' | 'Sativa' | 'Hybrid'][] = [
  ['Blue Dream', 'Hybrid'],
  ['OG Kush', 'Hybrid'],
  ['Sour Diesel', 'Sativa'],
  ['Girl Scout Cookies', 'Hybrid'],
  ['Gelato', 'Hybrid'],
  ['Wedding Cake', 'Indica'],
  ['Granddaddy Purple', 'Indica'],
  ['Jack Herer', 'Sativa'],
  ['Pineapple Express', 'Hybrid'],
  ['Durban Poison', 'Sativa'],
  ['Zkittlez', 'Indica'],
  ['Runtz', 'Hybrid'],
  ['Northern Lights', 'Indica'],
  ['Green Crack', 'Sativa'],
  ['Ice Cream Cake', 'Indica'],
  ['Tangie', 'Sativa'],
  ['Mac 1', 'Hybrid'],
  ['Purple Punch', 'Indica'],
];

export const FLAVORS = [
  'Watermelon',
  'Sour Cherry',
  'Blue Raspberry',
  'Mango',
  'Dark Chocolate',
  'Peppermint',
  'Peach',
  'Lemon',
];
export const RATIOS = ['1:1 CBD:THC', '20:1 CBD', 'THC Sleep', '2:1 CBD:THC'];

/** Vendors (who sold it to the store) and the brands each carries. */
export const VENDORS: { vendor: string; brands: string[] }[] = [
  { vendor: 'Emerald Coast Growers', brands: ['Tidewater', 'Coastline'] },
  { vendor: 'High Desert Farms', brands: ['Sol Haus', 'Mesa Gold'] },
  { vendor: 'Cascade Extracts', brands: ['Cascade', 'Glacier Labs'] },
  { vendor: 'Sunset Valley Edibles', brands: ['Sunset Sweets', 'Little Bites'] },
  { vendor: 'Riverbend Botanicals', brands: ['Riverbend', 'Willow'] },
  { vendor: 'Mountain Top Gardens', brands: ['Summit', 'Alpine Reserve'] },
  { vendor: 'Golden State Concentrates', brands: ['Lumen', 'Velvet'] },
  { vendor: 'Pacific Northwest Labs', brands: ['Evergreen', 'Fernleaf'] },
];

/** The store's rooms, in Dutchie's order; ids are offset per location. */
export const ROOMS = ['Sales Floor', 'Backstock', 'Quarantine', 'Tagging Needed'] as const;
