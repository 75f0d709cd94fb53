import type { Answer } from './api.ts';
import type { Location, Transaction } from './types.ts';

const TAX_RATE = 0.2;
const round = (n: number) => Math.round(n * 100) / 100;
const bad = (text: string): Answer => ({ status: 400, body: { Message: text } });

/**
 * A sale rung up at the till now (or at `transactionDate`), as Dutchie records it: a transaction of one line in
 * /reporting/transactions, and the package's units taken out of the store, the Sales Floor first (a till sells from
 * the floor), then the other rooms. A return (`isReturn`) puts the units back on the floor; a void moves nothing.
 * The body: `{ packageId, quantity, transactionDate?, isReturn?, isVoid? }`.
 */
export function recordSale(locations: Iterable<Location>, body: Record<string, unknown>): Answer {
  const { packageId, quantity } = body;
  if (typeof packageId !== 'string' || packageId === '') return bad('packageId is required');
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) {
    return bad('quantity: a whole number of 1 or more');
  }
  const at = body.transactionDate === undefined ? new Date() : new Date(String(body.transactionDate));
  if (Number.isNaN(at.getTime())) return bad('transactionDate must be a date');
  const isReturn = body.isReturn === true;
  const isVoid = body.isVoid === true;
  for (const location of locations) {
    const row = location.inventory.find((p) => p.packageId === packageId);
    if (!row) continue;
    if (!isVoid && !isReturn && row.quantityAvailable < quantity) {
      return bad(`only ${row.quantityAvailable} of package ${packageId} available`);
    }
    if (!isVoid) {
      moveUnits(location, row, isReturn ? quantity : -quantity);
      row.lastModifiedDateUtc = at.toISOString();
    }
    const transactionId =
      Math.max(location.locationId * 10_000_000, ...location.transactions.map((t) => t.transactionId)) + 1;
    const subtotal = round(row.unitPrice * quantity);
    const tax = round(subtotal * TAX_RATE);
    const date = at.toISOString();
    const sale: Transaction = {
      transactionId,
      customerId: 70_001,
      employeeId: 901,
      transactionDate: date,
      lastModifiedDateUTC: date,
      transactionType: 'Retail',
      paymentType: 'Cash',
      totalItems: quantity,
      subtotal,
      totalDiscount: 0,
      tax,
      total: round(subtotal + tax),
      isVoid,
      isReturn,
      items: [
        {
          transactionId,
          productId: row.productId,
          packageId: row.packageId,
          quantity,
          unitPrice: row.unitPrice,
          unitCost: row.unitCost,
          totalPrice: subtotal,
          totalDiscount: 0,
          vendor: row.vendor,
          isReturned: false,
        },
      ],
    };
    location.transactions.push(sale);
    return { status: 201, body: sale };
  }
  return { status: 404, body: { Message: 'unknown package' } };
}

/** Units out of (negative) or back into (positive) the package's rooms: the Sales Floor first. */
function moveUnits(location: Location, row: Location['inventory'][number], delta: number) {
  const floor = location.rooms.find((r) => r.isSalesFloor) ?? location.rooms[0];
  const rooms = [...row.roomQuantities].sort(
    (a, b) => Number(b.roomId === floor?.roomId) - Number(a.roomId === floor?.roomId),
  );
  if (delta > 0) {
    const onFloor = rooms.find((r) => r.roomId === floor?.roomId);
    if (onFloor) onFloor.quantityAvailable += delta;
    else if (floor) rooms.unshift({ roomId: floor.roomId, room: floor.roomName, quantityAvailable: delta });
  } else {
    let left = -delta;
    for (const r of rooms) {
      const taken = Math.min(left, r.quantityAvailable);
      r.quantityAvailable -= taken;
      left -= taken;
    }
  }
  row.roomQuantities = rooms.filter((r) => r.quantityAvailable > 0);
  row.quantityAvailable = Math.max(0, row.quantityAvailable + delta);
}
