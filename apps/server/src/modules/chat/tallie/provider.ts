import type { TChatbotMessage } from '@quantics/contracts';
import type { Understanding } from './nlu/recognizer.ts';
import type { TallieContext } from './tools.ts';

export type TallieRequest = {
  messages: TChatbotMessage[];
  image?: string | null;
  /** What the intent recognizer made of the last question: the built-in answers from it, a model gets it as a hint. */
  understanding: Understanding;
};

/** A reply, and the questions it offers as buttons (when Tallie is unsure what was asked, or greets). */
export type TallieAnswer = { text: string; suggestions?: string[] };

/** One way of answering: the built-in rules or an OpenAI-compatible model. Throws on any failure. */
export type TallieProvider = { answer: (ctx: TallieContext, req: TallieRequest) => Promise<TallieAnswer> };
