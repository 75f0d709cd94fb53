// NLP.js ships no type declarations: the small part of its API that Tallie's recognizer uses.
declare module '@nlpjs/core' {
  export type NlpContainer = {
    use(plugin: unknown): void;
    get(name: string, settings?: unknown): unknown;
    registerConfiguration(tag: string, settings: Record<string, unknown>, overwrite?: boolean): void;
  };
  export function containerBootstrap(): Promise<NlpContainer>;
}

declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}

declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}

declare module '@nlpjs/similarity' {
  export class SpellCheck {
    constructor(settings: { features: Record<string, number> });
    checkToken(token: string, distance: number): string;
  }
}
