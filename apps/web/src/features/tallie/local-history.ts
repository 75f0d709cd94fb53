import type { TChatConversation, TChatMessage } from '@quantics/contracts';

/**
 * Chat history kept in this browser (localStorage), one entry per person and company. It holds a copy of the
 * conversations and messages last loaded from the server, used when loading them fails, and what never reached
 * the server: conversations that could not be created (negative ids) and messages that could not be saved
 * (user_id 'local', as the spec's Chat message entity says).
 */
export type LocalConversation = TChatConversation & {
  /** Only on this device: creating it on the server failed. */
  is_local: boolean;
  /** Messages as last loaded from the server (a copy). */
  messages: TChatMessage[];
  /** Messages that could not be saved on the server, shown after the saved ones. */
  held: TChatMessage[];
};

export type LocalOwner = { userId: number; companyId: number };

const VERSION = 1;
const MAX_CONVERSATIONS = 50;
const MAX_MESSAGES = 100;

export const storageKey = (o: LocalOwner) => `tallie-history:${o.userId}:${o.companyId}`;

export function readLocal(o: LocalOwner): LocalConversation[] {
  try {
    const raw = localStorage.getItem(storageKey(o));
    const parsed = raw ? (JSON.parse(raw) as { v?: number; conversations?: LocalConversation[] }) : null;
    return parsed?.v === VERSION && Array.isArray(parsed.conversations) ? parsed.conversations : [];
  } catch {
    return [];
  }
}

const byUpdated = (a: TChatConversation, b: TChatConversation) => b.updated_at.localeCompare(a.updated_at);

function writeLocal(o: LocalOwner, conversations: LocalConversation[]) {
  const kept = [...conversations]
    .sort(byUpdated)
    .slice(0, MAX_CONVERSATIONS)
    .map((c) => ({ ...c, messages: c.messages.slice(-MAX_MESSAGES), held: c.held.slice(-MAX_MESSAGES) }));
  try {
    localStorage.setItem(storageKey(o), JSON.stringify({ v: VERSION, conversations: kept }));
  } catch (err) {
    // A full or disabled storage only loses the local copy; the server's history is unaffected.
    console.warn('Tallie: could not keep chat history on this device', err);
  }
}

function update(o: LocalOwner, change: (list: LocalConversation[]) => LocalConversation[]) {
  writeLocal(o, change(readLocal(o)));
}

const plain = ({ is_local: _l, messages: _m, held: _h, ...c }: LocalConversation): TChatConversation => c;

/** The list to show from this device: its own conversations and the copy of the server's, latest first. */
export const localConversations = (o: LocalOwner): TChatConversation[] =>
  readLocal(o).sort(byUpdated).map(plain);

/**
 * The server's list just loaded: the copy follows it (conversations deleted elsewhere go), keeping the messages
 * already copied and this device's own conversations. Returns what to show: both, latest first.
 */
export function mirrorConversations(o: LocalOwner, server: TChatConversation[]): TChatConversation[] {
  const known = new Map(readLocal(o).map((c) => [c.id, c]));
  const own = [...known.values()].filter((c) => c.is_local);
  const next = [
    ...own,
    ...server.map((c) => ({ messages: [], held: [], ...known.get(c.id), ...c, is_local: false })),
  ];
  writeLocal(o, next);
  return next.sort(byUpdated).map(plain);
}

/** A conversation's messages just loaded from the server, copied; plus any held here. */
export function mirrorMessages(o: LocalOwner, id: number, server: TChatMessage[]): TChatMessage[] {
  let held: TChatMessage[] = [];
  update(o, (list) =>
    list.map((c) => {
      if (c.id !== id) return c;
      held = c.held;
      return { ...c, messages: server };
    }),
  );
  return [...server, ...held];
}

/** What this device has of a conversation: the copy of its saved messages and those held here. */
export function localMessages(o: LocalOwner, id: number): TChatMessage[] | null {
  const c = readLocal(o).find((x) => x.id === id);
  return c ? [...c.messages, ...c.held] : null;
}

/** A conversation that exists only here; its id is negative so it never meets a server id. */
export function createLocalConversation(o: LocalOwner, title: string): TChatConversation {
  const at = new Date().toISOString();
  const c: LocalConversation = {
    id: -Date.now(),
    user_id: o.userId,
    title,
    created_at: at,
    updated_at: at,
    is_active: true,
    is_local: true,
    messages: [],
    held: [],
  };
  update(o, (list) => [c, ...list]);
  return plain(c);
}

/** Holds messages that could not be saved on the server (user_id 'local'), in a conversation known here. */
export function holdMessages(
  o: LocalOwner,
  conversation: TChatConversation,
  messages: Pick<TChatMessage, 'sender' | 'content' | 'metadata' | 'navigation'>[],
): TChatMessage[] {
  const base = Date.now();
  const at = new Date().toISOString();
  const made: TChatMessage[] = messages.map((m, i) => ({
    ...m,
    id: -(base + i),
    conversation_id: conversation.id,
    user_id: 'local',
    created_at: at,
  }));
  update(o, (list) => {
    const found = list.some((c) => c.id === conversation.id);
    const all = found
      ? list
      : [{ ...conversation, is_local: conversation.id < 0, messages: [], held: [] }, ...list];
    return all.map((c) =>
      c.id === conversation.id ? { ...c, updated_at: at, held: [...c.held, ...made] } : c,
    );
  });
  return made;
}

export function forgetConversation(o: LocalOwner, id: number) {
  update(o, (list) => list.filter((c) => c.id !== id));
}

export function forgetAll(o: LocalOwner) {
  try {
    localStorage.removeItem(storageKey(o));
  } catch {
    // Nothing kept: nothing to forget.
  }
}
