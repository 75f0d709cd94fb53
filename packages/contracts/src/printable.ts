import { isMetrcLabel } from './code-identity.ts';
import type { TDutchieItem } from './dutchie.ts';
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
  location: string | null;
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
