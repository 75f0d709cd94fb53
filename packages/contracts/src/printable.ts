import { isMetrcLabel } from './code-identity.ts';
import type { TDutchieItem } from './dutchie.ts';
import type { TProduct } from './inventory.ts';
import { epcFromSku, rfidTagFromSku } from './rfid.ts';

/**
 * The EPC a Dutchie package's tag carries: its Metrc label itself when it has one (what Metrc's own RFID tags carry,
 * so a tag Quantics prints and the one Metrc ships read the same), else the first-6-plus-last-6 tag of its id.
 */
export const packageEpc = (packageId: string): string =>
  isMetrcLabel(packageId) ? packageId.toUpperCase() : epcFromSku(packageId);

/**
 * The spec's Printable product: what the Print Labels page finds, shows and prints. From the local catalogue it is
 * the product; from the point-of-sale source it derives from a package record.
 */
export type TPrintableProduct = {
  /** The product's id, or the package id. */
  id: number | string;
  name: string;
  /** What the label's QR code and 'SKU: …' carry, and what a print request names. */
  sku: string;
  vendor: string | null;
  /** Where it is: a catalogue product's place, or for one kept in several its home and how many more (printablePlace). */
  location: string | null;
  /** All its units (a catalogue product's total over its places). */
  quantity: number;
  rfid_tag: string | null;
  /** 24 hex digits written to the tag (the spec's epc_code). */
  epc: string;
  /** A catalogue product's GTIN-14: under one of the company's GS1 prefixes, it prints serialized labels. */
  gtin?: string | null;
};

/**
 * A Dutchie package as a printable product: the package id serves as id, SKU and EPC source (a Metrc label is the
 * EPC itself: packageEpc); the RFID tag is its first 6 plus last 6 characters; the first room is the location.
 */
export function printableFromPackage(p: TDutchieItem): TPrintableProduct {
  return {
    id: p.packageId,
    name: p.productName,
    sku: p.packageId,
    vendor: p.vendor,
    location: p.rooms[0]?.roomName ?? null,
    quantity: p.quantity,
    rfid_tag: rfidTagFromSku(p.packageId),
    epc: packageEpc(p.packageId),
  };
}

/**
 * A catalogue product's one `location` for the Printable shape: the place it is kept when it has one (null: no
 * location), and for one kept in several its home (else its first place) and how many more ("Floor and 2 more
 * places"), so the Print Labels page never shows one place for units that are spread over several.
 */
export function printablePlace(p: Pick<TProduct, 'location' | 'stock'>): string | null {
  if (p.stock.length === 0) return p.location;
  if (p.stock.length === 1) return p.stock[0]?.location ?? null;
  const names = p.stock.map((r) => r.location ?? 'No location');
  const lead = p.location !== null && names.includes(p.location) ? p.location : (names[0] as string);
  const more = p.stock.length - 1;
  return `${lead} and ${more} more ${more === 1 ? 'place' : 'places'}`;
}

/** A catalogue product as a printable product (the spec's shape; `location` from printablePlace). */
export function printableFromProduct(p: TProduct): TPrintableProduct {
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    vendor: p.vendor,
    location: printablePlace(p),
    quantity: p.quantity,
    rfid_tag: p.rfid_tag,
    epc: p.epc,
    gtin: p.gtin,
  };
}
