// Dutchie's shapes, field for field, as the POS API answers them (camelCase JSON).

export type RoomQuantity = { roomId: number; room: string; quantityAvailable: number };

/** One row of GET /reporting/inventory: one package. */
export type InventoryRow = {
  inventoryId: number;
  packageId: string;
  productId: number;
  sku: string;
  productName: string;
  category: string;
  masterCategory: string;
  vendor: string;
  vendorId: number;
  brandName: string;
  strain: string | null;
  strainType: string | null;
  batchName: string;
  quantityAvailable: number;
  quantityUnits: string;
  allocatedQuantity: number;
  unitCost: number;
  unitPrice: number;
  medUnitPrice: number;
  recUnitPrice: number;
  expirationDate: string | null;
  packagedDate: string;
  lastModifiedDateUtc: string;
  roomQuantities: RoomQuantity[];
};

/** GET /products/{id}. */
export type Product = {
  productId: number;
  sku: string;
  productName: string;
  description: string;
  masterCategory: string;
  category: string;
  brandName: string;
  vendorName: string;
  vendorId: number;
  strain: string | null;
  strainType: string | null;
  price: number;
  recPrice: number;
  unitWeight: number | null;
  unitWeightUnit: string | null;
  thcContent: number | null;
  thcContentUnit: string | null;
  cbdContent: number | null;
  cbdContentUnit: string | null;
  isActive: boolean;
  isCannabis: boolean;
  imageUrl: string | null;
  lastModifiedDateUTC: string;
};

export type Room = { roomId: number; roomName: string; isSalesFloor: boolean; isActive: boolean };

export type TransactionItem = {
  transactionId: number;
  productId: number;
  packageId: string;
  quantity: number;
  unitPrice: number;
  unitCost: number;
  totalPrice: number;
  totalDiscount: number;
  vendor: string;
  isReturned: boolean;
};

export type Transaction = {
  transactionId: number;
  customerId: number;
  employeeId: number;
  transactionDate: string;
  lastModifiedDateUTC: string;
  transactionType: string;
  paymentType: 'Cash' | 'Debit';
  totalItems: number;
  subtotal: number;
  totalDiscount: number;
  tax: number;
  total: number;
  isVoid: boolean;
  isReturn: boolean;
  items: TransactionItem[];
};

export type Location = {
  locationId: number;
  locationName: string;
  lspId: number;
  lspName: string;
  inventory: InventoryRow[];
  products: Map<number, Product>;
  rooms: Room[];
  transactions: Transaction[];
};
