/**
 * The built-in provider's help for the six starter topics: how Quantics really works, page by page. Each ends with
 * the page that helps, as '[Navigate to X →]'.
 */
export type Topic = { key: string; text: string };

export const TOPICS: Topic[] = [
  {
    key: 'device-setup',
    text: `## Setting up an RFID reader

1. Turn on the handheld reader and start pairing on it: it shows a **6-digit code**.
2. In Quantics, open **Devices** and click **Register Device**.
3. Type the 6-digit code and click **Register**. The code expires after **5 minutes**; if it has, start pairing again on the reader for a new one.
4. The reader appears in the device list. Give it a clear name (for example "Backroom reader") with the edit button.

### Good to know
- A reader is **online** while it checks in; it shows **offline** after 2 minutes of silence.
- Battery and signal (4 bars) come from the reader's own reports; a low battery or weak signal shows a warning.
- Registering and removing readers is for operators and admins.

[Navigate to Devices →]`,
  },
  {
    key: 'getting-started',
    text: `## Getting started with Quantics

Quantics keeps your stock counts honest with RFID: tag your products, scan them with a handheld reader, and compare what was found with what you expect.

1. **Locations**: create your storage areas (a store, then shelves or rooms inside it).
2. **Inventory**: add products one by one with **Add Product**, or download the **Template** and **Upload CSV**. Each product gets a 12-character RFID tag from its SKU.
3. **Print Labels**: print RFID labels for your products on a Zebra printer.
4. **Devices**: register your handheld reader with its 6-digit code.
5. **Audits**: scan a location with the reader; Quantics compares the tags found with the expected counts.
6. **Dashboard** and **Reports**: follow accuracy, low stock and expiring products, and download CSV reports.

Admins can invite colleagues from **Team** as admins, operators or members.

[Navigate to Inventory →]`,
  },
  {
    key: 'about-audits',
    text: `## How audits work

An audit counts what is really on your shelves and compares it with what Quantics expects.

1. On a registered reader, start an audit (optionally for one location) and scan the RFID tags.
2. The reader sends its reads to Quantics and completes the audit.
3. Quantics compares the tags found with the expected quantities of the products in scope and lists the **discrepancies**: shortages, overages, misplaced and unknown tags.

### Accuracy
**Accuracy = (expected − discrepancies) ÷ expected × 100**, rounded. 90% or more shows green, 70% or more yellow, below that red.

### After an audit
- Open an audit in **Audits** to see its details and the discrepancy table.
- Operators and admins can add comments and apply the counted quantities to the inventory.

[Navigate to Audits →]`,
  },
  {
    key: 'print-labels',
    text: `## Printing RFID labels

### Setup
1. Install the **Quantics Print Utility** on the computer attached to the printer.
2. Connect the **Zebra printer** by USB and make sure it is powered on.
3. Log in to the Print Utility with **the same account** you use here. The page then shows **Print Utility Connected**.

### Printing
1. Open **Print Labels** and search by product name or SKU (Enter searches).
2. Select the product, set the quantity (at least 1) and choose a printer.
3. Click **Print**. Each label carries the product name and its RFID tag.

For many products at once, use **Add to Bulk** or **Add All Products** and print the whole queue.

### Troubleshooting
- Print Utility running and logged in to the same account?
- Printer powered, connected, and its driver installed?

[Navigate to Print Labels →]`,
  },
  {
    key: 'export-data',
    text: `## Exporting your data

1. Open **Reports**.
2. Choose a report type: **Inventory**, **Audits**, **Low stock** or **Discrepancies**.
3. For audits and discrepancies, pick a start and end date (the last 30 days by default).
4. Click **Generate & Download**: you get a CSV file that opens in Excel or Google Sheets.

You can also export the product list from **Inventory**, and download the CSV **Template** there to import products.

[Navigate to Reports →]`,
  },
  {
    key: 'get-support',
    text: `## Getting help

- **Help panels**: most pages have a **Help** toggle at the top with the steps and tips for that page.
- **Ask me**: I can answer questions about your inventory, audits and readers, and take you to the right page.
- **Your admins**: your company's admins manage roles, invitations and company settings in **Team** and **Company**.
- **Account security**: change your password or set up two-factor authentication in **Settings**.

If something looks wrong with your data, tell your admin what you did and what you saw (the page, the time, and any message shown) so they can follow up with Quantics support.

[Navigate to Dashboard →]`,
  },
];

export const FALLBACK = `I'm **Tallie**, your Quantics assistant. I can answer from your company's own data:

- What is **low on stock** or **out of stock**
- What **expires soon**
- **Where a product is** and how many there are (by name, SKU or RFID tag)
- How the **last audits** went
- Which **readers are offline** or low on battery
- Your **inventory value**

I can also help with reader setup, audits, printing labels, exporting reports, and take you to any page.`;

export const GREETING = `Hello! I'm **Tallie**, your Quantics assistant. Ask me about your stock, audits and readers, or how to do something in Quantics.`;

export const THANKS = "You're welcome! Anything else I can help with?";

export const BYE = "Goodbye! I'm here whenever you need me.";

/** What Tallie says when it is not sure what was asked: what it sounded like, then the buttons. */
export function unsureText(question: string, topics: string[]): string {
  const quoted = question.length > 80 ? `${question.slice(0, 77)}...` : question;
  if (!topics.length)
    return `I didn't understand "${quoted}". I answer questions about your stock, audits and readers, and help with using Quantics. Try one of these:`;
  const about = topics.map((t) => `**${t}**`).join(' or ');
  return `I'm not sure I understood "${quoted}". It sounds like a question about ${about}. Pick one below, or ask me in other words.`;
}
