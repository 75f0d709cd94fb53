/**
 * The simulator's data: facilities (licenses) reached by user keys, and the transfers coming to them, each with its
 * deliveries and their packages, in Metrc's field names (docs/receiving.md, "Metrc", says where they come from).
 */

/** The integrator's (Quantics') vendor key the simulator accepts as the Basic user name. */
export const SIM_VENDOR_KEY = 'msim_vendor_quantics_7e21';

/** User keys (the Basic password) and the facility licenses each may read. */
export const SIM_USER_KEYS: Record<string, string[]> = {
  msim_user_greenleaf_4b8c: ['C10-0000001-LIC'],
  msim_user_northside_9d3a: ['C10-0000002-LIC'],
};

export const SIM_FACILITIES: Record<string, string> = {
  'C10-0000001-LIC': 'Greenleaf Wellness - Portland',
  'C10-0000002-LIC': 'Northside Cannabis Co. - Denver',
};

/** A package as GET /transfers/v2/deliveries/{id}/packages answers it (the fields Quantics reads, and a few more). */
export type SimPackage = {
  PackageId: number;
  PackageLabel: string;
  PackageType: string;
  ItemName: string;
  ItemCategoryName: string;
  ItemStrainName: string | null;
  ItemBrandName: string | null;
  LabTestingState: string;
  ShipmentPackageState: string;
  ShippedQuantity: number;
  ShippedUnitOfMeasureName: string;
  ReceivedQuantity: number | null;
  ReceivedUnitOfMeasureName: string | null;
};

export type SimDelivery = {
  Id: number;
  ManifestNumber: string | null;
  DeliveryNumber: number;
  RecipientFacilityLicenseNumber: string;
  RecipientFacilityName: string;
  ShipmentTypeName: string;
  ShipmentTransactionType: string;
  EstimatedDepartureDateTime: string;
  ActualDepartureDateTime: string | null;
  EstimatedArrivalDateTime: string;
  ActualArrivalDateTime: string | null;
  DeliveryPackageCount: number;
  DeliveryReceivedPackageCount: number;
  ReceivedDateTime: string | null;
  RejectedPackagesReturned: boolean;
  packages: SimPackage[];
};

export type SimTransfer = {
  Id: number;
  ManifestNumber: string;
  ShipperFacilityLicenseNumber: string;
  ShipperFacilityName: string;
  TransporterFacilityLicenseNumber: string;
  TransporterFacilityName: string;
  DriverName: string;
  DeliveryCount: number;
  ReceivedDeliveryCount: number;
  PackageCount: number;
  ReceivedPackageCount: number;
  IsVoided: boolean;
  CreatedDateTime: string;
  LastModified: string;
  ShipmentTypeName: string;
  ShipmentTransactionType: string;
  deliveries: SimDelivery[];
};

/** What a test (or a demo) adds through POST /__sim/transfers: the rest is filled in. */
export type TransferInput = {
  manifestNumber?: string;
  licenseNumber: string;
  shipperName?: string;
  shipperLicense?: string;
  estimatedArrival?: string;
  lastModified?: string;
  isVoided?: boolean;
  packages: { label: string; itemName?: string; category?: string; quantity: number; unit?: string }[];
};

export type Fault = { mode: 'none' | 'refuse' | 'rate-limit' | 'error'; times?: number; retryAfter?: number };

export class SimState {
  transfers: SimTransfer[] = [];
  fault: Fault = { mode: 'none' };
  calls: Record<string, number> = {};
  revoked = new Set<string>();
  private nextId = 1000;

  reset(): void {
    this.transfers = [];
    this.fault = { mode: 'none' };
    this.calls = {};
    this.revoked.clear();
    this.nextId = 1000;
  }

  /** Adds a transfer (one delivery to the license, its packages); the same manifest number again replaces it. */
  addTransfer(input: TransferInput, now: Date): SimTransfer {
    const id = this.nextId++;
    const manifest = input.manifestNumber ?? String(id).padStart(10, '0');
    const old = this.transfers.find((t) => t.ManifestNumber === manifest);
    const arrival = input.estimatedArrival ?? new Date(now.getTime() + 86_400_000).toISOString();
    const modified = input.lastModified ?? now.toISOString();
    const deliveryId = old?.deliveries[0]?.Id ?? this.nextId++;
    const packages: SimPackage[] = input.packages.map((p, i) => ({
      PackageId: deliveryId * 100 + i,
      PackageLabel: p.label.toUpperCase(),
      PackageType: 'Product',
      ItemName: p.itemName ?? `Item ${i + 1}`,
      ItemCategoryName: p.category ?? 'Buds',
      ItemStrainName: null,
      ItemBrandName: null,
      LabTestingState: 'TestPassed',
      ShipmentPackageState: 'Shipped',
      ShippedQuantity: p.quantity,
      ShippedUnitOfMeasureName: p.unit ?? 'Each',
      ReceivedQuantity: null,
      ReceivedUnitOfMeasureName: null,
    }));
    const transfer: SimTransfer = {
      Id: old?.Id ?? id,
      ManifestNumber: manifest,
      ShipperFacilityLicenseNumber: input.shipperLicense ?? 'C11-0000574-LIC',
      ShipperFacilityName: input.shipperName ?? 'Evergreen Cultivation, LLC',
      TransporterFacilityLicenseNumber: '',
      TransporterFacilityName: '',
      DriverName: 'J. Driver',
      DeliveryCount: 1,
      ReceivedDeliveryCount: 0,
      PackageCount: packages.length,
      ReceivedPackageCount: 0,
      IsVoided: input.isVoided ?? false,
      CreatedDateTime: old?.CreatedDateTime ?? now.toISOString(),
      LastModified: modified,
      ShipmentTypeName: 'Wholesale Manifest',
      ShipmentTransactionType: 'Wholesale',
      deliveries: [
        {
          Id: deliveryId,
          ManifestNumber: null,
          DeliveryNumber: 1,
          RecipientFacilityLicenseNumber: input.licenseNumber,
          RecipientFacilityName: SIM_FACILITIES[input.licenseNumber] ?? input.licenseNumber,
          ShipmentTypeName: 'Wholesale Manifest',
          ShipmentTransactionType: 'Wholesale',
          EstimatedDepartureDateTime: now.toISOString(),
          ActualDepartureDateTime: null,
          EstimatedArrivalDateTime: arrival,
          ActualArrivalDateTime: null,
          DeliveryPackageCount: packages.length,
          DeliveryReceivedPackageCount: 0,
          ReceivedDateTime: null,
          RejectedPackagesReturned: false,
          packages,
        },
      ],
    };
    if (old) this.transfers[this.transfers.indexOf(old)] = transfer;
    else this.transfers.push(transfer);
    return transfer;
  }
}
