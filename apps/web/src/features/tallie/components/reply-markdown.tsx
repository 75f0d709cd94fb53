import Markdown from 'react-markdown';

/**
 * The light markdown of a reply: bold, ## and ### headings, lists and paragraphs. react-markdown never renders raw
 * HTML from the text (it is shown as text), and links or images in a reply are shown as plain text.
 */
export function ReplyMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml
      allowedElements={['p', 'strong', 'em', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'br', 'code']}
      unwrapDisallowed
      components={{
        h1: ({ children }) => <h3 className="mt-3 mb-1 text-base font-semibold first:mt-0">{children}</h3>,
        h2: ({ children }) => <h3 className="mt-3 mb-1 text-base font-semibold first:mt-0">{children}</h3>,
        h3: ({ children }) => <h4 className="mt-3 mb-1 text-sm font-semibold first:mt-0">{children}</h4>,
        p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
        ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
        ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
        strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
      }}
    >
      {text}
    </Markdown>
  );
}
