import ts from 'typescript';

/**
 * Finds numbers a screen would show formatted by hand instead of through lib/format.ts (issue 54: "68871" beside
 * "3,003"). It reads each file's syntax tree (no type checker: it runs in a second) and flags:
 * - `.toFixed()`, `.toPrecision()`, `new Intl.NumberFormat` and `.toLocaleString()` on anything but a date;
 * - `String(n)` and `n.toString()` on a number-looking value;
 * - a template literal that interpolates a number-looking value into text (not a URL, a class name or a key);
 * - a number-looking value rendered as is between JSX tags (`<td>{line.expected}</td>`).
 * "Number-looking": a numeric literal, arithmetic, `.length`, `Math.*`, or a name that says it is a figure
 * (count, total, quantity, units, found, expected, reads...). A false alarm is fixed by naming or formatting, or, for
 * a true exception, by `// number-format: <why>` on the line before.
 */
export type Finding = { line: number; text: string; why: string };

const FIGURE_NAME =
  /^(n|count|total|totals?|quantity|qty|units|found|expected|reads|tags|done|left|failed|issues|discrepancies|successful|rows|products|items|missing|short|over|variance|delta|accuracy|percent|pct|rate|amount|cost|price|sum|remaining|seconds|minutes|hours|days|size|bytes|limit|page|pages|per|max|min|difference|diff|received|shipped|shortfall)$|(Count|Total|Quantity|Units|Found|Expected|Reads|Percent|Accuracy|Cost|Price|Value|Difference|Shortfall)$|_(count|total|quantity|units|found|expected|reads|percent|accuracy|cost|price|value|received|short|over|difference|shipped)$/;

const DATE_LIKE = /date|Date|time|Time|iso|Iso|\bat\b|_at$|At$/;

function lastName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) {
    // A screen's texts (COUNT_TEXTS.enterQuantity) and an input's value are words, whatever they are called.
    const owner = node.expression.getText();
    if (/^[A-Z][A-Z0-9_]*$/.test(owner) || /(^|\.)(currentTarget|target)$/.test(owner)) return undefined;
    return node.name.text;
  }
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
    return node.argumentExpression.text;
  }
  if (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) return lastName(node.expression);
  return undefined;
}

const ARITHMETIC = new Set([
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
]);

/** Whether an expression reads as a number (see the file's comment). */
export function looksNumeric(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node))
    return looksNumeric(node.expression);
  if (ts.isNumericLiteral(node)) return true;
  if (ts.isPrefixUnaryExpression(node)) return looksNumeric(node.operand);
  if (ts.isBinaryExpression(node)) {
    if (ARITHMETIC.has(node.operatorToken.kind)) return true;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return looksNumeric(node.left) && looksNumeric(node.right);
    if (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return looksNumeric(node.left);
    return false;
  }
  // `d > 0 ? \`+${d}\` : d` prints a number either way: one numeric branch is enough.
  if (ts.isConditionalExpression(node)) return looksNumeric(node.whenTrue) || looksNumeric(node.whenFalse);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    return (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'Math'
    );
  }
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'length') return true;
  const name = lastName(node);
  return name !== undefined && FIGURE_NAME.test(name);
}

/** Inside a JSX attribute named one of `names` (style={{ width: `${n}%` }} is layout, not text). */
function isInsideAttribute(node: ts.Node, names: string[]): boolean {
  for (let at: ts.Node | undefined = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isJsxAttribute(at)) return names.includes(at.name.getText());
  }
  return false;
}

/** A template that is a path, a query, a class list, a style or a key rather than words a person reads. */
function isNotText(node: ts.TemplateExpression): boolean {
  const head = node.head.text;
  if (/^[/?#&=.]|^https?:|^[a-z-]+:/.test(head) || /[/?&=]$/.test(head)) return true;
  // A form field's path (`stock.${i}.location_id`): no spaces, dotted.
  const literal = [head, ...node.templateSpans.map((s) => s.literal.text)].join('');
  if (!/\s/.test(literal) && /\w\.|\.\w/.test(literal)) return true;
  if (isInsideAttribute(node, ['style', 'className'])) return true;
  const parent = node.parent;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    const attr = parent.parent.name.getText();
    return ['className', 'key', 'to', 'href', 'id', 'htmlFor', 'data-testid', 'style', 'src'].includes(attr);
  }
  if (ts.isPropertyAssignment(parent)) {
    return ['queryKey', 'className', 'key', 'url', 'path', 'id', 'filename'].includes(parent.name.getText());
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return /^(cn|clsx|api|fetch|navigate|console\.\w+|new URL|URLSearchParams|setSearchParams)$/.test(callee);
  }
  return false;
}

/** The hand-formatted numbers in one file's source. */
export function findHandFormattedNumbers(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split('\n');
  const findings: Finding[] = [];
  const report = (node: ts.Node, why: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/number-format:/.test(lines[line - 1] ?? '')) return;
    findings.push({ line: line + 1, text: (lines[line] ?? '').trim(), why });
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      if (method === 'toFixed' || method === 'toPrecision') report(node, `.${method}()`);
      if (method === 'toLocaleString') {
        const isDate =
          (ts.isNewExpression(receiver) && receiver.expression.getText() === 'Date') ||
          DATE_LIKE.test(receiver.getText());
        if (!isDate) report(node, '.toLocaleString() on a number');
      }
      if (method === 'toString' && node.arguments.length === 0 && looksNumeric(receiver)) {
        report(node, '.toString() on a number');
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'String') {
      const [arg] = node.arguments;
      // A query parameter and a select's value are for machines: the plain form is right there.
      const isForMachines =
        (ts.isCallExpression(node.parent) && /\.(set|append)$/.test(node.parent.expression.getText())) ||
        (ts.isPropertyAssignment(node.parent) &&
          ts.isObjectLiteralExpression(node.parent.parent) &&
          ts.isNewExpression(node.parent.parent.parent) &&
          node.parent.parent.parent.expression.getText() === 'URLSearchParams') ||
        isInsideAttribute(node, ['value', 'key', 'id']);
      if (arg && looksNumeric(arg) && !isForMachines) report(node, 'String() of a number');
    }
    if (ts.isNewExpression(node) && node.expression.getText() === 'Intl.NumberFormat') {
      report(node, 'an Intl.NumberFormat of its own');
    }
    // {audit.tags_found} between tags prints 68871: a figure in JSX text goes through the formatter too.
    if (
      ts.isJsxExpression(node) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      node.expression &&
      looksNumeric(node.expression)
    ) {
      report(node, `${node.expression.getText()} rendered as is`);
    }
    if (ts.isTemplateExpression(node) && !isNotText(node)) {
      for (const span of node.templateSpans) {
        if (looksNumeric(span.expression))
          report(span.expression, `${span.expression.getText()} interpolated into text`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}
