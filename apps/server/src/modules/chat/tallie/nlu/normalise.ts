/**
 * A question as the classifiers read it: lower case, one kind of apostrophe, contractions spelled out ("what's",
 * "whats", "don't") and common chat shorthand written in full ("pls", "u", "thx", "wk"). Both the training examples
 * and the questions go through it, so a contraction or a shorthand learned in one form is recognised in the others.
 * Typos are left to the classifiers (NLP.js corrects stems one edit away; the n-gram classifier matches word parts).
 * The product and the entities are read from the question as it was typed (a SKU keeps its case).
 */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  r: 'are',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  thnx: 'thanks',
  thanx: 'thanks',
  tnx: 'thanks',
  ty: 'thank you',
  tysm: 'thank you so much',
  im: 'i am',
  ive: 'i have',
  whats: 'what is',
  wheres: 'where is',
  hows: 'how is',
  whos: 'who is',
  thats: 'that is',
  theres: 'there is',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  cant: 'can not',
  cannot: 'can not',
  wont: 'will not',
  havent: 'have not',
  hasnt: 'has not',
  shouldnt: 'should not',
  wk: 'week',
  wks: 'weeks',
  mth: 'month',
  mths: 'months',
  yr: 'year',
  nxt: 'next',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  yday: 'yesterday',
  cya: 'see you',
  abt: 'about',
  smth: 'something',
  sth: 'something',
  qty: 'quantity',
  rn: 'right now',
  b4: 'before',
};

/** "'s" spelled out only after the words where it means "is" ("what's"), not a possessive ("the audit's"). */
const IS_AFTER: ReadonlySet<string> = new Set([
  'what',
  'where',
  'how',
  'who',
  'that',
  'there',
  'it',
  'here',
  'when',
  'which',
]);

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\b(\w+)'s\b/g, (all, w: string) => (IS_AFTER.has(w) ? `${w} is` : w === 'let' ? 'let us' : all))
    .replace(/\b(ca|wo)n't\b/g, (_, w: string) => (w === 'ca' ? 'can not' : 'will not'))
    .replace(/n't\b/g, ' not')
    .replace(/'re\b/g, ' are')
    .replace(/'ve\b/g, ' have')
    .replace(/'ll\b/g, ' will')
    .replace(/'m\b/g, ' am')
    .replace(/'d\b/g, ' would')
    .replace(/[\p{L}\p{N}]+/gu, (w) => SHORTHAND[w] ?? w)
    .replace(/\s+/g, ' ')
    .trim();
}
