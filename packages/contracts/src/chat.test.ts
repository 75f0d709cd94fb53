import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  CHAT_STARTERS,
  chatTitle,
  navigationTarget,
  withoutNavigation,
  ZChatbotRequest,
  ZCreateMessageRequest,
} from './chat.ts';

describe('chat title', () => {
  it('keeps a short first message as it is', () => {
    expect(chatTitle('What is low on stock?')).toBe('What is low on stock?');
  });
  it('cuts at 50 characters and appends ...', () => {
    const text = 'a'.repeat(50);
    expect(chatTitle(text)).toBe(text);
    expect(chatTitle(`${text}b`)).toBe(`${text}...`);
  });
});

describe('starters and texts', () => {
  it('has the six spec starters in order, each with a question', () => {
    expect(CHAT_STARTERS.map((s) => s.label)).toEqual([
      'Device Setup',
      'Getting Started',
      'About Audits',
      'Print Labels',
      'Export Data',
      'Get Support',
    ]);
    for (const s of CHAT_STARTERS) expect(s.question.endsWith('?')).toBe(true);
    expect(CHAT_MESSAGES.replyFailed).toBe('Sorry, I encountered an error. Please try again later.');
  });
});

describe('navigation marker', () => {
  it('finds the page and strips the marker', () => {
    const reply = 'Two products are low.\n\n[Navigate to Inventory →]';
    expect(navigationTarget(reply)).toBe('Inventory');
    expect(withoutNavigation(reply)).toBe('Two products are low.');
    expect(navigationTarget('No marker here')).toBeNull();
  });
});

describe('request bodies', () => {
  it('needs a user message last, with text or an image', () => {
    expect(ZChatbotRequest.safeParse({ messages: [] }).success).toBe(false);
    expect(ZChatbotRequest.safeParse({ messages: [{ role: 'assistant', content: 'hi' }] }).success).toBe(
      false,
    );
    expect(ZChatbotRequest.safeParse({ messages: [{ role: 'user', content: ' ' }] }).success).toBe(false);
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    expect(ZChatbotRequest.safeParse({ messages: [{ role: 'user', content: '' }], image }).success).toBe(
      true,
    );
    expect(
      ZChatbotRequest.safeParse({ messages: [{ role: 'user', content: 'x' }], image: 'data:text/html,<b>' })
        .success,
    ).toBe(false);
  });
  it('refuses an empty message', () => {
    const r = ZCreateMessageRequest.safeParse({ content: '  ', sender: 'user' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(CHAT_MESSAGES.contentRequired);
  });
});
