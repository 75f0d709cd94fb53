// The built-in Tallie's keyword rules as they were before intent recognition (commit 66acd41), kept only to measure
// the recognizer against them in bench/tallie-intents.mjs: the same order (a starter question word for word, a
// navigation request, the data rules, the help topics' keywords, else the introduction), mapped to the intents the
// recognizer knows. The introduction counts as right for "what can you do" and for an off-topic question.
import { CHAT_STARTERS, MENU } from '@quantics/contracts';

const STARTER_INTENT = {
  'device-setup': 'help.device_setup',
  'getting-started': 'help.getting_started',
  'about-audits': 'help.audits',
  'print-labels': 'help.print_labels',
  'export-data': 'help.export',
  'get-support': 'help.support',
};

const DATA_RULES = [
  [
    /\b(low|out of|running out|reorder|restock)\b.*\bstock\b|\blow stock\b|\brunning low\b|\breorder\b/i,
    'stock.low',
  ],
  [/\bexpir(e|es|ing|ed|y|ation)\b/i, 'stock.expiring'],
  [
    /\b(readers?|devices?|scanners?|handhelds?)\b.*\b(offline|online|battery|status|charged)\b|\b(offline|battery)\b/i,
    'readers.status',
  ],
  [
    /\b(last|latest|recent|previous)\b.*\baudits?\b|\baudits?\b.*\b(go|went|result|accuracy)\b/i,
    'audits.recent',
  ],
  [/\b(inventory|stock|total)\b.*\b(value|worth|cost)\b|\bworth\b|\bvalue\b/i, 'stock.value'],
  [/\bwhere\b|\bhow many\b|\bfind\b|\blocate\b/i, 'stock.find'],
];

const TOPIC_RULES = [
  [
    /\b(set ?up|pair|register|connect|add)\b.*\b(reader|device|handheld|scanner)s?\b|\bpairing\b/i,
    'help.device_setup',
  ],
  [/\b(get(ting)? started|start|begin|first steps|onboard|new to)\b/i, 'help.getting_started'],
  [/\baudits?\b/i, 'help.audits'],
  [/\b(print|label|zebra|printer)s?\b/i, 'help.print_labels'],
  [/\b(export|report|csv|download|spreadsheet|excel)s?\b/i, 'help.export'],
  [/\b(support|help|contact|problem|issue|trouble|bug)\b/i, 'help.support'],
];

function productQuery(question) {
  return question
    .replace(/[?!.,]/g, ' ')
    .replace(
      /\b(where|is|are|the|my|our|a|an|how|many|much|units?|of|do|does|we|i|have|left|in|stock|find|located|stored|kept|product|sku|tag|rfid|there|what|about|can|you|tell|me|show)\b/gi,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** { intent, entities } as the keyword rules would have answered (an admin's menu for navigation). */
export function keywordIntent(text) {
  const q = text.replace(/\s+/g, ' ').trim();
  const starter = CHAT_STARTERS.find((s) => s.question.toLowerCase() === q.toLowerCase());
  if (starter) return { intent: STARTER_INTENT[starter.key], entities: {} };
  if (/\b(take me|go to|open|navigate|show me the)\b/i.test(q)) {
    const page = MENU.find((m) => new RegExp(`\\b${m.label.replace(' ', '\\s*')}\\b`, 'i').test(q));
    if (page) return { intent: 'nav.page', entities: { page: page.key } };
  }
  const data = DATA_RULES.find(([re]) => re.test(q));
  if (data) {
    const product = data[1] === 'stock.find' ? productQuery(q) : '';
    return { intent: data[1], entities: product ? { product } : {} };
  }
  const topic = TOPIC_RULES.find(([re]) => re.test(q));
  if (topic) return { intent: topic[1], entities: {} };
  return { intent: 'introduction', entities: {} };
}
