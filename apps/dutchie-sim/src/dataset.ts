import { CATEGORIES, type CategorySpec, FLAVORS, RATIOS, ROOMS, STRAINS, VENDORS } from './catalog.ts';
import { addDays, dutchieDate, Random } from './random.ts';
import { generateTransactions } from './transactions.ts';
import type { InventoryRow, Location, Product, Room, RoomQuantity } from './types.ts';

export type LocationSeed = {
  locationId: number;
  locationName: string;
  seed: number;
  packages: number;
  /** Days of sales history to generate. */
  historyDays: number;
  now: Date;
};

const THC: Record<string, [number, number, string]> = {
  Flower: [15, 31, '%'],
  'Pre-Rolls': [14, 35, '%'],
  Vaporizers: [70, 92, '%'],
  Concentrates: [60, 88, '%'],
  Edibles: [50, 100, 'mg'],
  Tinctures: [100, 1000, 'mg'],
};

function productName(rng: Random, spec: CategorySpec, brand: string, strain: string): string {
  return rng
    .pick(spec.formats)
    .replace('{brand}', brand)
    .replace('{strain}', strain)
    .replace('{flavor}', rng.pick(FLAVORS))
    .replace('{ratio}', rng.pick(RATIOS));
}

function makeProduct(rng: Random, locationId: number, productId: number, now: Date): Product {
  const spec = rng.weighted(CATEGORIES);
  const vendorIndex = rng.int(0, VENDORS.length - 1);
  const vendor = VENDORS[vendorIndex] ?? VENDORS[0];
  if (!vendor) throw new Error('no vendors');
  const brand = rng.pick(vendor.brands);
  const [strain, strainType] = rng.pick(STRAINS);
  const hasStrain = spec.category !== 'Edibles' && spec.category !== 'Tinctures';
  const name = productName(rng, spec, brand, strain);
  const weight = /([\d.]+)g\b/.exec(name);
  // Flower is priced by the gram; other categories by the unit.
  const grams = weight ? Number(weight[1]) : 1;
  const cost =
    spec.category === 'Flower'
      ? Math.round(grams * rng.money(3.2, 5.6) * 100) / 100
      : rng.money(spec.cost[0], spec.cost[1]);
  const price = Math.max(1, Math.round(cost * (2 + rng.next() * 0.6))) - 0.01;
  const [thcMin, thcMax, thcUnit] = THC[spec.category] ?? [0, 0, '%'];
  const isCbd = name.includes('CBD');
  return {
    productId,
    sku: `${spec.code}${locationId}-${String(productId % 100_000).padStart(5, '0')}`,
    productName: name,
    description: `${name} from ${brand}. ${hasStrain ? `${strainType} strain ${strain}.` : 'Lab tested, consistent dosing.'}`,
    masterCategory: spec.masterCategory,
    category: spec.category,
    brandName: brand,
    vendorName: vendor.vendor,
    vendorId: 500 + vendorIndex,
    strain: hasStrain ? strain : null,
    strainType: hasStrain ? strainType : null,
    price,
    recPrice: price,
    unitWeight: weight ? Number(weight[1]) : null,
    unitWeightUnit: weight ? 'g' : null,
    thcContent: isCbd ? rng.int(1, 50) : rng.int(thcMin, thcMax),
    thcContentUnit: thcUnit,
    cbdContent: isCbd ? rng.int(100, 1000) : rng.chance(0.3) ? rng.int(0, 2) : null,
    cbdContentUnit: thcUnit === '%' ? '%' : 'mg',
    isActive: true,
    isCannabis: true,
    imageUrl: null,
    lastModifiedDateUTC: addDays(now, -rng.int(20, 200)).toISOString(),
  };
}

/** Where a package's units sit: most on the floor or split with backstock, a few held or waiting for tags. */
function roomQuantities(rng: Random, rooms: Room[], total: number): RoomQuantity[] {
  if (total === 0) return [];
  const [floor, back, quarantine, tagging] = rooms;
  if (!floor || !back || !quarantine || !tagging) throw new Error('four rooms expected');
  const at = (room: Room, q: number): RoomQuantity => ({
    roomId: room.roomId,
    room: room.roomName,
    quantityAvailable: q,
  });
  const r = rng.next();
  if (r < 0.05) return [at(quarantine, total)];
  if (r < 0.1) return [at(tagging, total)];
  if (r < 0.55 && total > 1) {
    const onFloor = rng.int(1, total - 1);
    return [at(floor, onFloor), at(back, total - onFloor)];
  }
  return [at(floor, total)];
}

function packageQuantity(rng: Random, spec: { units: [number, number] } | undefined): number {
  if (rng.chance(0.08)) return 0;
  if (rng.chance(0.15)) return rng.int(1, 10);
  const [min, max] = spec?.units ?? [5, 50];
  return rng.int(min, max);
}

function expiration(rng: Random, category: string, now: Date): string | null {
  const spec = CATEGORIES.find((c) => c.category === category);
  if (!spec?.shelfLifeDays || rng.chance(0.05)) return null;
  if (rng.chance(0.03)) return dutchieDate(addDays(now, -rng.int(1, 20)));
  if (rng.chance(0.07)) return dutchieDate(addDays(now, rng.int(0, 30)));
  return dutchieDate(addDays(now, rng.int(spec.shelfLifeDays[0], spec.shelfLifeDays[1])));
}

/**
 * A Metrc package label, as Metrc issues them: 1A4, the facility's 5 hex digits, zeros, the tag order's number and a
 * sequence that restarts with every order of 100 tags (24 hex digits, the 96-bit EPC of Metrc's RFID tags). So
 * packages of one store share their first six characters, and those of two orders their last six as well.
 */
export function metrcLabel(locationId: number, n: number): string {
  const facility = (0xf0000 + (locationId % 0x10000)).toString(16).toUpperCase();
  const order = String(1 + Math.floor(n / 100)).padStart(3, '0');
  return `1A4${facility}0000${order}${String((n % 100) + 1).padStart(9, '0')}`;
}

function makePackage(
  rng: Random,
  location: { locationId: number; rooms: Room[] },
  product: Product,
  n: number,
  now: Date,
): InventoryRow {
  const spec = CATEGORIES.find((c) => c.category === product.category);
  const quantity = packageQuantity(rng, spec);
  const cost = Math.round(product.price * (0.38 + rng.next() * 0.1) * 100) / 100;
  const packageId = metrcLabel(location.locationId, n);
  return {
    inventoryId: location.locationId * 1_000_000 + n + 1,
    packageId,
    productId: product.productId,
    sku: product.sku,
    productName: product.productName,
    category: product.category,
    masterCategory: product.masterCategory,
    vendor: product.vendorName,
    vendorId: product.vendorId,
    brandName: product.brandName,
    strain: product.strain,
    strainType: product.strainType,
    batchName: `B${now.getUTCFullYear() % 100}-${String(rng.int(100, 9999)).padStart(4, '0')}`,
    quantityAvailable: quantity,
    quantityUnits: 'Each',
    allocatedQuantity: quantity > 0 && rng.chance(0.1) ? rng.int(1, Math.min(3, quantity)) : 0,
    unitCost: cost,
    unitPrice: product.price,
    medUnitPrice: Math.round(product.price * 0.9 * 100) / 100,
    recUnitPrice: product.price,
    expirationDate: expiration(rng, product.category, now),
    packagedDate: dutchieDate(addDays(now, -rng.int(10, 120))),
    lastModifiedDateUtc: new Date(now.getTime() - rng.int(60, 20 * 86_400) * 1000).toISOString(),
    roomQuantities: roomQuantities(rng, location.rooms, quantity),
  };
}

/** A whole store: rooms, products, packages spread over the rooms, and its sales history. */
export function generateLocation(seed: LocationSeed): Location {
  const rng = new Random(seed.seed * 7919 + seed.locationId);
  const rooms: Room[] = ROOMS.map((roomName, i) => ({
    roomId: seed.locationId * 10 + i + 1,
    roomName,
    isSalesFloor: roomName === 'Sales Floor',
    isActive: true,
  }));
  const productCount = Math.max(1, Math.ceil(seed.packages / 1.6));
  const products = new Map<number, Product>();
  const productList: Product[] = [];
  for (let i = 0; i < productCount; i++) {
    const product = makeProduct(rng, seed.locationId, seed.locationId * 100_000 + i + 1, seed.now);
    products.set(product.productId, product);
    productList.push(product);
  }
  const inventory: InventoryRow[] = [];
  for (let n = 0; n < seed.packages; n++) {
    // Every product gets one package, then extra batches go to random products.
    const product = n < productList.length ? productList[n] : rng.pick(productList);
    if (!product) throw new Error('no products');
    inventory.push(makePackage(rng, { locationId: seed.locationId, rooms }, product, n, seed.now));
  }
  const transactions = generateTransactions(rng, seed.locationId, inventory, seed.historyDays, seed.now);
  return {
    locationId: seed.locationId,
    locationName: seed.locationName,
    lspId: 40 + (seed.locationId % 10),
    lspName: 'Quantics Demo Cannabis Group',
    inventory,
    products,
    rooms,
    transactions,
  };
}
