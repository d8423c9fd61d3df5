/**
 * The text of a PDF as PDFKit writes it (standard fonts, Flate-compressed content streams, text shown as
 * hex strings in TJ arrays): enough for tests to read what a document says, not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...shown[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}
