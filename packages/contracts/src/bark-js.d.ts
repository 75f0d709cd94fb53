// bark-js ships no types: the part of its API this package uses (GS1 element strings, see code-identity.ts).
declare module 'bark-js' {
  export type BarkElement = { ai: string; title: string; value: string; raw: string };
  export type BarkResult = { symbology: string; elements: BarkElement[]; originalBarcode: string };
  function bark(barcode: string, options?: { fnc?: string; assumeGtin?: boolean }): BarkResult;
  export default bark;
}
