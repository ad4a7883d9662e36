/**
 * A CSV file's header line, read the same way on the server (the imports' parser,
 * docs/decisions/0040-untrusted-files-in-a-worker.md) and in the browser, which offers a
 * shop file's headers for a column mapping before anything is sent.
 */

/** The header line decides the separator: the Spanish dialect's ';' when it has one, a tab, else ','. */
export function csvDelimiter(content: string): string {
  const firstLine = content.slice(0, content.search(/\r?\n|$/));
  return firstLine.includes(';') ? ';' : firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
}

/**
 * The header's cells, trimmed, without empty or repeated ones, as the file writes them: the
 * first record of the text (BOM aside), its cells split on the separator outside double quotes
 * ('""' inside quotes is one quote, and a quoted cell may span lines).
 */
export function csvHeaderCells(text: string): string[] {
  const content = text.replace(/^\uFEFF/, '');
  const delimiter = csvDelimiter(content);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < content.length; index++) {
    const char = content[index]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (content[index + 1] === '"') {
        cell += '"';
        index++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell);
  return [...new Set(cells.map((name) => name.trim()).filter((name) => name !== ''))];
}
