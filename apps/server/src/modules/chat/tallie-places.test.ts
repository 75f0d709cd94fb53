import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addPlace, addStockedProduct } from '../../test/stock-places.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Stock by location in Tallie's built-in answers: "how many X in the back room" is the units kept there (and on
// its sub-locations); "how many X" the total, split by place when the product is kept in several.

let t: TestApp;
let a: Tenant;
let b: Tenant;

const ask = async (token: string, content: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chatbot',
    headers: bearer(token),
    payload: { messages: [{ role: 'user', content }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response as string;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Places A');
  b = await createTenant(t, 'Places B');
  const floor = await addPlace(t, a, 'Floor');
  const back = await addPlace(t, a, 'Back room');
  const storeB = await addPlace(t, a, 'Store B');
  const shelf = await addPlace(t, a, 'Shelf 2', storeB);
  const backB = await addPlace(t, a, 'Back room', storeB);
  await addStockedProduct(t, a, { name: 'Lantern', sku: 'LANT1', min_stock_level: 10, location_id: floor }, [
    { location_id: floor, quantity: 3 },
    { location_id: back, quantity: 5 },
  ]);
  await addStockedProduct(t, a, { name: 'Alpine Tent', sku: 'TENT2P', location_id: floor }, [
    { location_id: floor, quantity: 1 },
    { location_id: shelf, quantity: 4 },
    { location_id: backB, quantity: 2 },
  ]);
  await addStockedProduct(t, a, { name: 'Cat in the Hat', sku: 'BOOK1', location_id: floor }, [
    { location_id: floor, quantity: 7 },
  ]);
  await addStockedProduct(t, b, { name: 'Lantern', sku: 'LANT1' }, [{ location_id: null, quantity: 40 }]);
}, 120_000);
afterAll(() => t.close());

describe('how many of a product in a place', () => {
  it('answers the units in the back room, of the total, in every back room of the company', async () => {
    const r = await ask(a.member.token, 'how many lantern do we have in the back room?');
    expect(r).toContain('## Products matching "lantern" in Back room');
    // Two locations are called Back room (one in Store B): the lantern is in the first only.
    expect(r).toContain(
      '- **Lantern** (SKU LANT1): **5 units** in Back room (5 at Back room, 0 at Store B > Back room), of 8 units in all: 5 at Back room, 3 at Floor',
    );
    expect(r.endsWith('[Navigate to Inventory →]')).toBe(true);
  });

  it('counts a store’s sub-locations in, and reads a place by its path or a code before it', async () => {
    const store = await ask(a.member.token, 'how many Alpine Tent are in Store B');
    expect(store).toContain('- **Alpine Tent** (SKU TENT2P): **6 units** in Store B, of 7 units in all');
    expect(store).toContain('Units on its sub-locations are counted in.');
    const path = await ask(a.member.token, 'how many alpine tent in the back room in store b');
    expect(path).toContain('**2 units** in Store B > Back room, of 7 units in all');
    const code = await ask(a.member.token, 'how many TENT2P at Floor');
    expect(code).toContain('**1 unit** in Floor, of 7 units in all');
  });

  it('gives the total and the split without a place; a name with "in" stays a name', async () => {
    const r = await ask(a.member.token, 'how many lantern do we have');
    expect(r).toContain('- **Lantern** (SKU LANT1): 8 units in all: 5 at Back room, 3 at Floor');
    const book = await ask(a.member.token, 'how many Cat in the Hat do we have');
    expect(book).toContain('- **Cat in the Hat** (SKU BOOK1): 7 units at Floor');
  });

  it('says a place is not one of the company’s, and where the product is', async () => {
    const r = await ask(a.member.token, 'how many lantern in the garage');
    expect(r).toContain('No location is called "garage". Here is where it is kept.');
    expect(r).toContain('- **Lantern** (SKU LANT1): 8 units in all: 5 at Back room, 3 at Floor');
  });

  it('lists a low product with its places; another company sees only its own', async () => {
    const low = await ask(a.member.token, 'What is low on stock?');
    expect(low).toContain(
      '- **Lantern** (SKU LANT1): 8 units in all: 5 at Back room, 3 at Floor (minimum 10)',
    );
    const other = await ask(b.member.token, 'how many lantern in the back room');
    expect(other).toContain('No location is called "back room"');
    expect(other).toContain('- **Lantern** (SKU LANT1): 40 units');
  });
});
